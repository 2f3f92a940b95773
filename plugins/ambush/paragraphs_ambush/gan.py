"""The German Action Number a paragraph reads: kept on the sheet for its Round, never stale in silence.

The ``round`` verb rolls (or takes) the GAN and notes its Round. A paragraph that needs the
GAN reads it here:

* a GAN of the current Round is used as it is;
* a GAN from an earlier Round is not reused: the player is told so and asked this Round's;
* with no Round started (the player does not use ``round``), a GAN kept from a paragraph
  is used with a notice saying where it came from, since nothing tells whether it is stale
  (one the player set himself with ``set gan`` is his own sheet, used as it is);
* with no GAN on the sheet, the question is asked and the answer kept for the Round.
"""

from __future__ import annotations

from paragraphs.context import Context


def keep_gan(ctx: Context, value: int) -> None:
    """Write ``value`` on the sheet as the GAN of the current Round (or of no Round yet)."""
    ctx.set_value("gan", value)
    ctx.state.values["gan_round"] = ctx.state.values.get("round")
    ctx.state.values["gan_from"] = {"paragraph": ctx.paragraph, "gan": value}


def current_gan(ctx: Context) -> int:
    """The German Action Number for this paragraph (see the module's rules)."""
    values = ctx.state.values
    number = values.get("round")
    gan = values.get("gan")
    if gan is not None and number and values.get("gan_round") == number:
        return int(gan)
    if gan is not None and not number:
        origin = values.get("gan_from")
        if isinstance(origin, dict) and origin.get("gan") == gan:
            # kept from a paragraph's answer: nothing tells whether a Round has passed since
            ctx.say(f"German Action Number {gan}, kept from {origin['paragraph']}; if a new Round has begun since, start it with round so the sheet asks for the new one.", "gan")
        return int(gan)
    question = ctx.book.question("gan")
    if gan is not None:
        since = values.get("gan_round")
        stale = f"The German Action Number on the sheet ({gan}) is from {'Round ' + str(since) if since else 'before the Rounds'}, not Round {number}: it is not reused."
        ctx.say(stale, "gan")
        # the question says why it is asked (same key: scripts and saves answer it as before)
        question = question._replace(prompt=f"{stale} {question.prompt}")
    value = int(ctx.answer(question))
    keep_gan(ctx, value)
    return value
