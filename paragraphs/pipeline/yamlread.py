"""Reading content YAML with ruamel.yaml, keeping the line and column of every value.

The reader composes the YAML node graph and builds plain Python data itself, so that:

* every mapping value and list item has a position (``path:line:col``), kept in a table
  keyed by its JSON path;
* only the standard YAML 1.2 types load (no arbitrary tags, no merge keys); timestamps stay
  strings;
* a duplicate key is an error, not a silent overwrite;
* hostile input is bounded: a file larger than :data:`MAX_FILE_CHARS`, nesting deeper than
  :data:`MAX_DEPTH` and more than :data:`MAX_NODES` values (aliases expand: a few hundred
  bytes of nested aliases would otherwise build gigabytes) are located errors.
"""

from __future__ import annotations

from paragraphs.foundation.dataclass_code import field
from typing import TYPE_CHECKING, Any

from paragraphs.foundation.problems import Problem, SourcePos

if TYPE_CHECKING:
    from dataclasses import dataclass
else:  # the standard decorator, its methods compiled once between runs (start-up time)
    from paragraphs.foundation.dataclass_code import dataclass

JsonPath = tuple[str | int, ...]

#: Limits on one content file. The largest shipped file is under 100 KB, about 5,000
#: values and 22 levels deep; these leave ample room and stop hostile files early.
MAX_FILE_CHARS = 4 * 1024 * 1024
MAX_DEPTH = 64
MAX_NODES = 100_000

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


class _Limit(Exception):
    """Building stopped at a limit (the problem is already recorded)."""


class YamlProblems(Exception):
    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        super().__init__(problems[0].format() if problems else "yaml error")


def read_yaml(text: str, path: str) -> YamlDocument:
    """Parse one YAML document.

    Raises:
        YamlProblems: the text is not valid YAML, uses a tag, a merge key or a duplicate
            key, or goes past a limit (size, depth, number of values).
    """
    from ruamel.yaml import YAML
    from ruamel.yaml.error import MarkedYAMLError
    from ruamel.yaml.reader import ReaderError

    if len(text) > MAX_FILE_CHARS:
        raise YamlProblems([Problem(SourcePos(path, 1, 1), "YAML008", f"the file has {len(text):,} characters; content files may have at most {MAX_FILE_CHARS:,} (split it)")])
    deep = _flow_too_deep_at(text, path)
    if deep is not None:
        raise YamlProblems([Problem(deep, "YAML006", _DEEP)])
    yaml = YAML(typ="rt")
    try:
        node = yaml.compose(text)
    except MarkedYAMLError as exc:
        message, mark = plain_words(exc)
        pos = SourcePos(path, mark.line + 1, mark.column + 1) if mark else SourcePos(path, 1, 1)
        raise YamlProblems([Problem(pos, "YAML001", message)]) from None
    except ReaderError as exc:  # a control character: its place, never a traceback
        line, col = _offset_pos(text, exc.position)
        raise YamlProblems([Problem(SourcePos(path, line, col), "YAML001", f"character #x{exc.character:04x} is not allowed in YAML")]) from None
    except RecursionError:  # the composer recurses per level: far past MAX_DEPTH
        raise YamlProblems([Problem(_too_deep_at(text, path), "YAML006", _DEEP)]) from None
    doc = YamlDocument(path, None)
    problems: list[Problem] = []
    if node is not None:
        try:
            doc.data = _build(node, (), doc, problems, [0])
        except _Limit:
            pass
    if problems:
        raise YamlProblems(problems)
    return doc


_DEEP = f"values are nested more than {MAX_DEPTH} levels deep"

#: The YAML parser's words for the slips authors make, and what to tell them instead.
_PLAIN = (
    ("found character '\\t' that cannot start any token", "a tab character: YAML indents with spaces only (replace the tab with spaces)"),
    ("that cannot start any token", "{char} cannot begin a plain value in YAML: put the text in quotes"),
    ("expected <block end>, but found", "this line, or the one above it, is not indented like the lines around it: the keys of one mapping, and the '- ' items of one list, start in the same column{context}"),
    ("mapping values are not allowed here", "a ': ' inside a value: put the text in quotes if it holds ': ' (say: \"Note: ...\"); else a key indented more than the keys beside it, or a quote left open above"),
    ("could not find expected ':'", "a key without its ':' (name: value), or a text running over several lines that needs quotes{context}"),
    ("expected ',' or ']'", "a [...] list is not closed with ']', or two of its items lack the ',' between them{opened}"),
    ("expected ',' or '}'", "a {{...}} mapping is not closed with '}}', or two of its entries lack the ',' between them{opened}"),
    ("found undefined alias", "{char} is read as an alias (*name), and no anchor (&name) defines it: put the text in quotes"),
    ("found unexpected end of stream", "the file ends inside a value: a quote or bracket opened here is never closed"),
)


def plain_words(exc: Any) -> tuple[str, Any]:
    """The YAML parser's error as an author would say it, and the place to show it.

    ``expected <block end>, but found '<block sequence start>'`` or ``found character
    '\\t' that cannot start any token`` told a newcomer nothing he could act on; the
    parser's own words are kept for a slip not listed here.
    """
    said = " ".join(str(exc.problem or exc.context or "invalid YAML").split())
    mark = exc.problem_mark or exc.context_mark
    for words, plain in _PLAIN:
        if words in said:
            if "end of stream" in words and exc.context_mark is not None:
                mark = exc.context_mark  # where the quote or bracket opened, not the end of the file
            opened = exc.context_mark
            elsewhere = opened is not None and mark is not None and opened.line != mark.line
            context = f" (the block it is in begins at line {opened.line + 1})" if elsewhere else ""
            began = f" (it opens at line {opened.line + 1})" if elsewhere else ""
            char = said.split("'")[1] if said.count("'") >= 2 else "this character"
            shown = f"'*{char}'" if "alias" in words else repr(char) if char != "this character" else char
            return plain.format(context=context, opened=began, char=shown), mark
    return said, mark


def _flow_too_deep_at(text: str, path: str) -> SourcePos | None:
    """Where ``[``/``{`` brackets first open past MAX_DEPTH, if they do.

    The YAML scanner slows down sharply with flow nesting (seconds for a few thousand
    brackets), so this is counted before parsing. Brackets inside quoted text count too:
    that would take prose with dozens of unclosed brackets, which content never has.
    """
    import re

    depth = 0
    for found in re.finditer(r"[][{}]", text):
        if found.group() in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                at = found.start()
                line = text.count("\n", 0, at)
                return SourcePos(path, line + 1, at - (text.rfind("\n", 0, at) + 1) + 1)
        elif depth:
            depth -= 1
    return None


def _too_deep_at(text: str, path: str) -> SourcePos:
    """Where the nesting first passes MAX_DEPTH, found from the parser's events (no recursion)."""
    from ruamel.yaml import YAML
    from ruamel.yaml.events import CollectionEndEvent, CollectionStartEvent

    depth = 0
    try:
        for event in YAML(typ="rt").parse(text):
            if isinstance(event, CollectionStartEvent):
                depth += 1
                if depth > MAX_DEPTH:
                    return SourcePos(path, event.start_mark.line + 1, event.start_mark.column + 1)
            elif isinstance(event, CollectionEndEvent):
                depth -= 1
    except Exception:
        pass
    return SourcePos(path, 1, 1)


def _offset_pos(text: str, offset: int) -> tuple[int, int]:
    """Line and column (from 1) of a character offset."""
    before = text[: max(0, offset)]
    return before.count("\n") + 1, len(before) - (before.rfind("\n") + 1) + 1


def _pos(node: Any, path: str) -> SourcePos:
    return SourcePos(path, node.start_mark.line + 1, node.start_mark.column + 1)


def _build(node: Any, at: JsonPath, doc: YamlDocument, problems: list[Problem], count: list[int]) -> Any:
    from ruamel.yaml.nodes import MappingNode, ScalarNode, SequenceNode

    count[0] += 1
    if count[0] > MAX_NODES:
        problems.append(Problem(_pos(node, doc.path), "YAML007", f"the file expands to more than {MAX_NODES:,} values (aliases repeat what they name)"))
        raise _Limit
    if len(at) > MAX_DEPTH:
        problems.append(Problem(_pos(node, doc.path), "YAML006", _DEEP))
        raise _Limit
    doc.positions[at] = _pos(node, doc.path)
    tag = node.tag or ""
    if isinstance(node, ScalarNode):
        return _scalar(node, tag, doc, problems)
    if tag not in _ALLOWED:
        problems.append(Problem(_pos(node, doc.path), "YAML002", f"tag {tag} is not allowed in content"))
        return None
    if isinstance(node, SequenceNode):
        return [_build(item, at + (i,), doc, problems, count) for i, item in enumerate(node.value)]
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
                first = doc.key_positions.get(at + (key,))
                also = f" (first at line {first.line})" if first is not None else ""
                problems.append(Problem(_pos(key_node, doc.path), "YAML004", f"duplicate key {key!r}{also}: give it once"))
                continue
            doc.key_positions[at + (key,)] = _pos(key_node, doc.path)
            out[key] = _build(value_node, at + (key,), doc, problems, count)
        return out
    return None  # pragma: no cover - no other node kinds exist


def _scalar(node: Any, tag: str, doc: YamlDocument, problems: list[Problem]) -> Any:
    value = node.value
    if tag not in _ALLOWED and tag not in ("", "!"):
        problems.append(Problem(_pos(node, doc.path), "YAML002", f"tag {tag} is not allowed in content"))
        return value
    kind = tag[len(_STANDARD):] if tag.startswith(_STANDARD) else "str"
    if node.style == ">":
        # ruamel's round-trip scanner marks where a folded scalar was folded with BEL
        # characters; they are not part of the text
        return value.replace("\a", "")
    if node.style in ("'", '"', "|"):
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
