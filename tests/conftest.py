import os

from hypothesis import HealthCheck, settings

# CI: no deadline (a 2-core machine under load), derandomized (a red run is reproducible).
settings.register_profile(
    "ci", deadline=None, derandomize=True, max_examples=200,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile("dev", deadline=None, max_examples=100)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
