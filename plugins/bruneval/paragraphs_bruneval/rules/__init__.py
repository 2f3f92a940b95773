"""The rules of Raid sur Bruneval 1942, one module per section of the rulebook.

| module | section |
|---|---|
| ``events`` | 5 Unexpected events |
| ``drop`` | 7 Parachute drop |
| ``movement`` | 8, 8.1 British movement |
| ``german_movement`` | 8.2 German movement |
| ``combat`` | 9 Combat |
| ``german_combat`` | 9.1 Automatic German combat |
| ``objectives`` | 10 Objectives |
| ``embarkation`` | 11 Embarkation |
| ``activation`` | 12 Activation |
| ``reinforcements`` | 13 German reinforcements |
| ``boats`` | 14 Boats |
| ``alert`` | 15 Alert level |
| ``officers`` | 16 The role of officers |
| ``victory`` | 17 Victory |
| ``commando`` | 18 Optional rule |

Functions that roll take a :class:`paragraphs_raids.dice.Roller`; the odds procedures
(:mod:`paragraphs_bruneval.procedures`) pass one that rolls through the paragraphs
Context, the automatic game a seeded one, the companion the player's typed dice.
"""
