"""asyncio as the engine's first zip starts it: a stand-in until its first use.

Pyodide's core takes ``asyncio.get_event_loop`` while it starts, and the rules engine runs no
coroutine. The package itself (with ssl, socket, subprocess, threading and logging, which it
imports: 0.15 MB of a first visit) ships in the engine's "deferred" part, its ``__init__`` as
``_pyodide_deferred.asyncio``. The first use of a name of this module, or a call of
get_event_loop, runs that ``__init__`` here, in this module, then sets Pyodide's event loop as
Pyodide's start-up would have (overrides/engine/bundle.py, STAND_INS).
"""

_stand_in = {"loaded": False, "loading": False}


def _load_asyncio() -> None:
    import _engine_parts

    if _engine_parts.run_deferred("asyncio", globals()):
        from pyodide.webloop import _initialize_event_loop

        _initialize_event_loop()


def get_event_loop():  # type: ignore[no-untyped-def]
    _load_asyncio()
    return globals()["get_event_loop"]()


def __getattr__(name: str):  # type: ignore[no-untyped-def]
    # While the package loads, its submodules are imported, not looked up here; a probe for a
    # module attribute (__wrapped__, __version__...) does not load it.
    if _stand_in["loading"] or _stand_in["loaded"] or (name.startswith("__") and name != "__all__"):
        raise AttributeError(f"module 'asyncio' has no attribute {name!r}")
    _load_asyncio()
    try:
        return globals()[name]
    except KeyError:
        raise AttributeError(f"module 'asyncio' has no attribute {name!r}") from None
