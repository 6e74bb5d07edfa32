"""Importers: records from other programs' stores (``tarockrec import SOURCE ...``).

``akos``: the AkosUzonyi/Tarock server's database (docs/akos.md).
"""
