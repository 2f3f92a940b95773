"""Reading content YAML with ruamel.yaml, keeping the line and column of every value.

The reader composes the YAML node graph and builds plain Python data itself, so that:

* every mapping value and list item has a position (``path:line:col``), kept in a table
  keyed by its JSON path;
* only the standard YAML 1.2 types load (no arbitrary tags, no merge keys); timestamps stay
  strings;
* a duplicate key is an error, not a silent overwrite.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from paragraphs.problems import Problem, SourcePos

JsonPath = tuple[str | int, ...]

_STANDARD = "tag:yaml.org,2002:"
_ALLOWED = {_STANDARD + kind for kind in ("str", "int", "float", "bool", "null", "timestamp", "seq", "map")}


@dataclass
class YamlDocument:
    """Plain data read from one file, with the position of every value."""

    path: str
    data: Any
    positions: dict[JsonPath, SourcePos] = field(default_factory=dict)
    #: where each mapping key is written (a misspelt key is reported at the key itself)
    key_positions: dict[JsonPath, SourcePos] = field(default_factory=dict)

    def pos(self, json_path: JsonPath) -> SourcePos:
        """The position of the value at ``json_path``, or of its nearest ancestor."""
        probe = tuple(json_path)
        while probe:
            if probe in self.positions:
                return self.positions[probe]
            probe = probe[:-1]
        return self.positions.get((), SourcePos(self.path, 1, 1))

    def key_pos(self, json_path: JsonPath) -> SourcePos:
        """The position of the key that ends ``json_path``, else as :meth:`pos`."""
        return self.key_positions.get(tuple(json_path)) or self.pos(json_path)


class YamlProblems(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(problems[0].format() if problems else "yaml error")


def read_yaml(text: str, path: str) -> YamlDocument:
    """Parse one YAML document.

    Raises:
        YamlProblems: the text is not valid YAML, or uses a tag, a merge key or a
            duplicate key.
    """
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError

    yaml = YAML(typ="rt")
    try:
        node = yaml.compose(text)
    except MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        pos = SourcePos(path, mark.line + 1, mark.column + 1) if mark else SourcePos(path, 1, 1)
        message = " ".join(str(exc.problem or exc.context or "invalid YAML").split())
        raise YamlProblems([Problem(pos, "YAML001", message)]) from None
    doc = YamlDocument(path, None)
    problems: list[Problem] = []
    if node is not None:
        doc.data = _build(node, (), doc, problems)
    if problems:
        raise YamlProblems(problems)
    return doc


def _pos(node: Any, path: str) -> SourcePos:
    return SourcePos(path, node.start_mark.line + 1, node.start_mark.column + 1)


def _build(node: Any, at: JsonPath, doc: YamlDocument, problems: list[Problem]) -> Any:
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    doc.positions[at] = _pos(node, doc.path)
    tag = node.tag or ""
    if isinstance(node, ScalarNode):
        return _scalar(node, tag, doc, problems)
    if tag not in _ALLOWED:
        problems.append(Problem(_pos(node, doc.path), "YAML002", f"tag {tag} is not allowed in content"))
        return None
    if isinstance(node, SequenceNode):
        return [_build(item, at + (i,), doc, problems) for i, item in enumerate(node.value)]
    if isinstance(node, MappingNode):
        out: dict[str, Any] = {}
        for key_node, value_node in node.value:
            if key_node.tag == _STANDARD + "merge":
                problems.append(Problem(_pos(key_node, doc.path), "YAML002", "merge keys (<<) are not allowed in content"))
                continue
            key = _scalar(key_node, key_node.tag or "", doc, problems) if isinstance(key_node, ScalarNode) else None
            if not isinstance(key, (str, int, bool)) or key is None:
                problems.append(Problem(_pos(key_node, doc.path), "YAML003", "mapping keys must be plain scalars"))
                continue
            key = str(key).lower() if isinstance(key, bool) else str(key)
            if key in out:
                problems.append(Problem(_pos(key_node, doc.path), "YAML004", f"duplicate key {key!r}"))
                continue
            doc.key_positions[at + (key,)] = _pos(key_node, doc.path)
            out[key] = _build(value_node, at + (key,), doc, problems)
        return out
    return None  # pragma: no cover - no other node kinds exist


def _scalar(node: Any, tag: str, doc: YamlDocument, problems: list[Problem]) -> Any:
    value = node.value
    if tag not in _ALLOWED and tag not in ("", "!"):
        problems.append(Problem(_pos(node, doc.path), "YAML002", f"tag {tag} is not allowed in content"))
        return value
    kind = tag[len(_STANDARD):] if tag.startswith(_STANDARD) else "str"
    if node.style in ("'", '"', "|", ">"):
        return value
    if kind == "int":
        text = value.replace("_", "")
        try:
            return int(text, 0) if text[:2].lower() in ("0x", "0o") else int(text)
        except ValueError:
            return value
    if kind == "float":
        try:
            return float(value)
        except ValueError:
            return value
    if kind == "bool":
        return value.lower() == "true"
    if kind == "null":
        return None
    return value  # str, timestamp and anything else stays text
