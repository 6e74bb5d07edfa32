"""``tarockrec serve``: the evening in a browser (issue 41). The director's laptop runs a small
web application (Flask, served by waitress) on the archive file; the tables enter their score
sheets from their phones, each deal checked by the validator as it is entered.

Modules: ``storage`` (the ``evening_*`` tables of the archive, one transaction per accepted
entry), ``evening`` (the checks: a deal, a seating, the finished tournament), ``sheetform``
(the score-sheet form a rule set allows), ``security`` (the director's password, codes, CSRF,
rate limits), ``app`` (the pages), ``server`` (waitress, the address and its QR code).
Flask, waitress and segno come with the ``serve`` extra."""
