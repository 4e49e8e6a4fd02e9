"""The engine's parts after start-up, in the browser (overrides/engine/bundle.py, worker.mjs).

The first zip holds what a ruling needs; the worker fetches the other parts (the rest of the
engine, each language's catalog) when a call first needs them, writes one to the file system
and calls ``load_engine_part``: its files are unpacked under PARTS_DIR, where
EnginePartsFinder finds their modules and rules_engine.i18n its catalog. A start-up stand-in
(bundle.py, STAND_INS) runs the module it stands for with ``run_deferred``.
"""

import importlib.machinery
import importlib.util
import os
import struct
import sys
import zlib

PARTS_DIR = "/lib/engine-parts"
END_OF_DIRECTORY = struct.pack("<I", 0x06054B50)


class EnginePartsFinder:
    """Modules of the engine's parts, unpacked under PARTS_DIR."""

    @classmethod
    def find_spec(cls, name, path=None, target=None):  # type: ignore[no-untyped-def]
        base = os.path.join(PARTS_DIR, *name.split("."))
        for file, package in ((base + "/__init__.pyc", True), (base + ".pyc", False)):
            if os.path.isfile(file):
                return importlib.util.spec_from_file_location(
                    name, file, loader=importlib.machinery.SourcelessFileLoader(name, file),
                    submodule_search_locations=[base] if package else None)
        return None


def unzip(path: str, folder: str) -> None:
    """The engine's own zips, entries stored or deflated (zipfile would put 40 kB more in the first zip)."""
    with open(path, "rb") as archive:
        data = archive.read()
    end = data.rfind(END_OF_DIRECTORY)
    count, _, at = struct.unpack_from("<HII", data, end + 10)
    for _ in range(count):
        method, crc, size, _, name_length, extra_length, comment_length, local = struct.unpack_from(
            "<10xH4xIIIHHH8xI", data, at)
        name = data[at + 46:at + 46 + name_length].decode()
        at += 46 + name_length + extra_length + comment_length
        target = os.path.join(folder, *name.split("/"))
        if name.endswith("/"):
            os.makedirs(target, exist_ok=True)
            continue
        start = local + 30 + sum(struct.unpack_from("<HH", data, local + 26))
        body = data[start:start + size]
        body = zlib.decompress(body, -15) if method == 8 else body
        if method not in (0, 8) or zlib.crc32(body) != crc:
            raise ValueError(f"{path}: entry {name} is damaged or of an unknown kind")
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "wb") as out:
            out.write(body)


def load_engine_part(path: str) -> None:
    """Unpack the part at ``path`` (then removed) and make its modules and catalog findable."""
    unzip(path, PARTS_DIR)
    os.remove(path)
    if EnginePartsFinder not in sys.meta_path:
        sys.meta_path.append(EnginePartsFinder)
    import rules_engine

    engine = os.path.join(PARTS_DIR, "rules_engine")
    if engine not in rules_engine.__path__:
        rules_engine.__path__.append(engine)
    # a folder listed before the part came (not importlib.invalidate_caches: it imports importlib.metadata)
    for key in [k for k in sys.path_importer_cache if k.startswith(PARTS_DIR)]:
        del sys.path_importer_cache[key]


def run_deferred(name: str, namespace: dict) -> bool:
    """Run the module a stand-in defers (``_pyodide_deferred.<name>``) in the stand-in's own
    namespace, once: True when it ran now. The stand-in's ``_stand_in`` says whether it is loading
    (its __getattr__ then lets the module's own imports through) or loaded. ModuleNotFoundError
    while the "deferred" part is not loaded: the worker loads every part and calls again
    (worker.mjs, withParts)."""
    state = namespace["_stand_in"]
    if state["loaded"] or state["loading"]:
        return False
    spec = importlib.util.find_spec(f"_pyodide_deferred.{name}")
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named '_pyodide_deferred.{name}'", name=f"_pyodide_deferred.{name}")
    state["loading"] = True
    try:
        exec(spec.loader.get_code(spec.name), namespace)
        state["loaded"] = True
    finally:
        state["loading"] = False
    return True
