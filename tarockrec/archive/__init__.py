"""The archive (docs/archive.md): every record of a club's or a cup's events, validated, kept
verbatim and indexed in one SQLite file (the standard library's ``sqlite3``, no server).

``store`` opens an archive and keeps its schema current (``PRAGMA user_version``, migrations
from version 1 on); ``ingest`` adds records; ``export`` writes them back out; ``people`` links
entrants to persons; ``queries`` answers the questions of the command line; ``site`` publishes
the archive as a static site.
"""
