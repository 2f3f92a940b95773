"""Old path of :mod:`paragraphs.book.model`, kept for plugins, tests and the docs.

It swaps itself for that module in ``sys.modules`` (one module object under both paths);
the imports are for type checkers. The core never imports it (issue 9, item 6).
"""

import sys

from paragraphs.book import model as _moved
from paragraphs.book.model import *  # noqa: F403
from paragraphs.book.model import (  # the public names (and any name plugins import), explicitly
    AllOf as AllOf,
    Always as Always,
    AnswerTo as AnswerTo,
    AnyOf as AnyOf,
    AnySighting as AnySighting,
    Asked as Asked,
    AskStep as AskStep,
    Book as Book,
    Branch as Branch,
    CELL as CELL,
    Check as Check,
    child_step_lists as child_step_lists,
    CHOICE as CHOICE,
    Choice as Choice,
    ClearSighting as ClearSighting,
    Compare as Compare,
    CounterChange as CounterChange,
    CounterOf as CounterOf,
    EntryPoint as EntryPoint,
    FirstOf as FirstOf,
    ForEach as ForEach,
    Goto as Goto,
    Group as Group,
    HasRead as HasRead,
    HookStep as HookStep,
    If as If,
    IgnoreFurther as IgnoreFurther,
    INTEGER as INTEGER,
    Literal as Literal,
    MarkSighting as MarkSighting,
    Match as Match,
    NoEvent as NoEvent,
    Not as Not,
    Note as Note,
    NOWHERE as NOWHERE,
    Option as Option,
    Paragraph as Paragraph,
    ProcedureCall as ProcedureCall,
    Question as Question,
    Roll as Roll,
    Row as Row,
    Say as Say,
    See as See,
    SetValues as SetValues,
    SightingDecl as SightingDecl,
    SightingIs as SightingIs,
    step_predicates as step_predicates,
    Steps as Steps,
    SumOf as SumOf,
    TimesRead as TimesRead,
    TitlePredicate as TitlePredicate,
    TitleStep as TitleStep,
    Track as Track,
    ValueOf as ValueOf,
    ValueRef as ValueRef,
    walk_predicate as walk_predicate,
    walk_steps as walk_steps,
    YESNO as YESNO,
)

sys.modules[__name__] = _moved
