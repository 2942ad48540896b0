"""CSV for people's spreadsheets (the standings, a table's ledger): RFC 4180
(CRLF line ends, a field quoted when it holds a comma, a quote or a line
break, quotes doubled), and no cell a spreadsheet would run as a formula.

>>> to_csv(("place", "name"), [(1, "Ann, the rock"), (2, "=1+1")]).split("\\r\\n")
['place,name', '1,"Ann, the rock"', "2,'=1+1", '']
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence

__all__ = ["CSV_TYPE", "csv_cell", "csv_file", "to_csv"]

_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value: object) -> str:
    """A cell a spreadsheet will not run: text starting with ``= + - @`` (or a
    tab or carriage return) gets a leading ``'`` (OWASP's advice against CSV
    injection). Integers pass as they are (a net of -50 stays a number).

    >>> csv_cell("=HYPERLINK(1)"), csv_cell("Ann"), csv_cell(-5), csv_cell("-5")
    ("'=HYPERLINK(1)", 'Ann', '-5', "'-5")
    """
    if isinstance(value, int):
        return str(value)
    text = str(value)
    return "'" + text if text.startswith(_FORMULA_STARTS) else text


def to_csv(header: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A header line, then one line per row, every cell through :func:`csv_cell`."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(header)
    for row in rows:
        writer.writerow([csv_cell(v) for v in row])
    return out.getvalue()


#: The files' type: UTF-8, said twice (the header and the file's BOM, :func:`csv_file`).
CSV_TYPE = "text/csv; charset=utf-8"


def csv_file(text: str) -> bytes:
    """The bytes of a CSV file to download: UTF-8 with a byte order mark first, without
    which Excel reads the file in the computer's own code page and a Chinese name comes
    out as mojibake (Excel, LibreOffice and Numbers all take the mark as UTF-8 and drop it).

    >>> csv_file("name,阿安")[:3], csv_file("x").decode("utf-8-sig")
    (b'\xef\xbb\xbf', 'x')
    """
    return ("\ufeff" + text).encode("utf-8")
