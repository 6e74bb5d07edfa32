"""The tournament layer: one module per noun.

``record`` (the tournament record: its register, rounds, tables and their sources, and the
check of it), ``ranking`` (the ranking schemes), ``standings`` (the standings a record gives),
``published`` (the lists a tournament publishes), ``substitutes``, ``director`` (adding a
table's deals), ``inline`` (reading a large tournament's deals when checked), ``workbook``
(the director's sheets in and out) and ``sheet`` (a session as score sheets).

Nothing is imported here: a module of the layer is imported by its own name, so that reading
one of them (``sources`` reads ``inline``) does not load the others.
"""
