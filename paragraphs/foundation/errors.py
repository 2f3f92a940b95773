"""The library's exception hierarchy: every error it raises on purpose is a ParagraphsError.

The CLI turns each of these into one line and an exit code; nothing below is ever shown
to a user as a traceback.
"""

from __future__ import annotations

# ``typing`` is not imported at run time here: ``paragraphs --help``, ``--version`` and
# ``titles`` (and ``import paragraphs``) do without it (start-up time)
TYPE_CHECKING = False

if TYPE_CHECKING:
    from paragraphs.foundation.problems import Problem


class ParagraphsError(Exception):
    """Root of every error this library raises on purpose."""

    #: Exit code the CLI uses for this kind of error (1: content or rules, 2: usage).
    exit_code = 1


class UsageError(ParagraphsError):
    """The caller asked for something that cannot be done as asked (bad option, unknown key)."""

    exit_code = 2


class AnswerRefused(UsageError):
    """An answer of the right type that the rules cannot use (a paragraph number the
    booklet does not have): a session asks the same question again, keeping the step's
    other answers and the dice already typed, instead of dropping the step.

    Attributes:
        key: the key of the question whose answer is refused.
    """

    def __init__(self, key: str, message: str) -> None:
        self.key = key
        super().__init__(message)


class PluginError(ParagraphsError):
    """A plugin could not be loaded, or two plugins registered the same id."""


class ContentError(ParagraphsError):
    """Content failed to load or validate; carries every problem found, sorted."""

    def __init__(self, problems: list[Problem], summary: str | None = None) -> None:
        self.problems = sorted(problems)
        first = self.problems[0].format() if self.problems else "content error"
        more = len(self.problems) - 1
        text = summary or (first if more <= 0 else f"{first} (and {more} more)")
        super().__init__(text)


class UnknownParagraph(ParagraphsError):
    """A paragraph id that the title does not have."""

    exit_code = 2


class DiceError(ParagraphsError):
    """A die notation that cannot be parsed, or a typed value that is not one of its faces."""

    exit_code = 2


class ResolutionError(ParagraphsError):
    """Resolving a paragraph failed (a cycle, a missing procedure, a bad value in content).

    The state the resolution started from is left exactly as it was.
    """


class CycleError(ResolutionError):
    """A paragraph was re-entered on its own call stack more often than allowed."""

    def __init__(self, cycle: list[str]) -> None:
        self.cycle = cycle
        super().__init__("paragraph cycle without an exit: " + " -> ".join(cycle))


class Refused(ParagraphsError):
    """An action the rules forbid where it was asked for (a chart's ``P``, a range too long).

    In play it is a one-line refusal. Under odds, a branch that meets it (an answer or a
    face that makes the action forbidden) ends in a leaf labelled :attr:`odds_label`
    rather than ending the whole computation, so an open parameter shows where the action
    is allowed and where it is not. Asked with every parameter given, it is raised as in play.
    """

    #: The outcome label of a branch that meets the refusal under odds.
    odds_label = "refused"


class OddsError(ParagraphsError):
    """Exact odds cannot be computed as asked (too many unanswered questions, no end)."""


class SaveError(ParagraphsError):
    """A save file is corrupt, truncated, from a newer library, or for another title."""


class StaleContentWarning(UserWarning):
    """A save was made with content whose hash differs from the content loaded now."""
