"""Phase components every engine composes (issue: one core for five games).

* ``auction`` — ranked calls, holds, passes, the end and the standing call (``AuctionSpec`` data);
* ``declarations`` — a round of turns with its end rule, and kontra chains per target;
* ``tarockrec.tricks`` — trick play with a per-trick seat plan and the legal-card primitives;
* ``tarockrec.scoring`` — score items, multipliers and zero-sum settlement.

A component checks what is generic (turn, order, levels) and answers with a ``Refusal`` value;
the engine adds its own rules and words the finding with its own code.
"""
