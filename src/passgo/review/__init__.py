"""Game review (issue 31): every decision of a saved game with each player's win chance
before and after it, the reviewed players' mistakes marked by the win chance they lost and
the better move in words; and the hint for a decision pending in a game being played.

A thin layer over the core's public model, the expert bot's candidates and search
(`passgo.agents.expert`, `passgo.agents.search`) and the evaluator (`passgo.eval`):
`source` reads a save, `moves` cuts its history into decisions, `judge` scores a decision's
candidates, `review` puts the review together, `words` says it, `report` writes it as JSON
and HTML, `table` draws it on a terminal, `hint` answers a pending decision. This package
imports none of them, so that the terminal game's hint (`hint`: the expert's own search)
loads without the evaluator. See docs/review.md.
"""
