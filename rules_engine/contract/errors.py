"""The one error a scenario can earn: a stable code, the field as a JSON Pointer, a message."""

from __future__ import annotations

from typing import Any


class ScenarioError(Exception):
    """A refused scenario. ``message`` is filled in the requested language by ``judge``."""

    def __init__(self, code: str, where: str, msgid: str = "", /, **params: Any) -> None:
        where = printable(where)
        params = {k: printable(v) if isinstance(v, str) else v for k, v in params.items()}
        super().__init__(f"{code} at {where or '/'}")
        self.code = code
        self.field = where
        self.msgid = msgid
        self.params = params
        self.message = msgid.format(**params) if msgid else code

    def as_dict(self) -> dict[str, str]:
        return {"code": self.code, "field": self.field, "message": self.message}


def event_error(index: int, key: str, msgid: str, code: str = "invalid-value", **params: Any) -> ScenarioError:
    """A refused tracker event, named by its place in the list and its key (``/3/life``)."""
    where = f"/{index}/{key}" if key else f"/{index}"
    return ScenarioError(code, where, msgid, field=where, **params)


def pointer(*parts: str | int) -> str:
    """A JSON Pointer (RFC 6901) to a value of the scenario."""
    return "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)


def printable(text: str) -> str:
    """``text`` with lone UTF-16 surrogates written as ``\\udXXX``: JSON allows them in keys, UTF-8 cannot encode them."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
