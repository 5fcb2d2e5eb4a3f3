"""Foreign text (a commit's subject, a build's last words, a plugin's error) made safe for a
terminal, as the runner's rb::text::printable does it (core/src/text/printable.h): C0
controls and DEL as \\n, \\r, \\t or \\xNN, C1 controls as \\u0080..\\u009F, so an ESC cannot
move the cursor or retitle the window and a newline cannot break a line of the report in
two. Python 3 standard library only.
"""

_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}


def printable(text):
    out = []
    for char in text:
        code = ord(char)
        if char in _NAMED:
            out.append(_NAMED[char])
        elif code < 0x20 or code == 0x7F:
            out.append(f"\\x{code:02X}")
        elif 0x80 <= code <= 0x9F:
            out.append(f"\\u{code:04X}")
        elif 0xDC80 <= code <= 0xDCFF:  # a byte that was not UTF-8 (surrogateescape)
            out.append(f"\\x{code - 0xDC00:02X}")
        else:
            out.append(char)
    return "".join(out)
