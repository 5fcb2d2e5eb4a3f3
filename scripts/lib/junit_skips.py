#!/usr/bin/env python3
"""The tests a ctest run skipped, from its --output-junit file (scripts/test --strict).

    junit_skips.py FILE

Prints the count, then each skipped test with the reason its output gave (GoogleTest's
"Skipped" message, or ctest's own); exits 0 when none was skipped, 1 when some were, 2 when
FILE cannot be read. A ctest run that ends before writing FILE has no count to give: 2.
"""
import sys
import xml.etree.ElementTree as ElementTree


def reason_of(case):
    """GoogleTest prints 'file:line: Skipped' then the message, then '[  SKIPPED ] name'."""
    out = case.findtext("system-out") or ""
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.endswith(": Skipped"):
            message = []
            for following in lines[i + 1:]:
                if following.startswith("[  SKIPPED ]"):
                    break
                message.append(following.strip())
            return " ".join(part for part in message if part)
    skipped = case.find("skipped")
    return skipped.get("message", "") if skipped is not None else case.get("status", "")


def skipped_cases(root):
    for case in root.iter("testcase"):
        if case.find("skipped") is not None or case.get("status") in ("notrun", "disabled"):
            yield case


def main(path):
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError) as error:
        print(f"junit_skips: cannot read {path}: {error}", file=sys.stderr)
        return 2
    cases = list(skipped_cases(root))
    total = sum(1 for _ in root.iter("testcase"))
    print(f"skipped: {len(cases)} of {total} tests")
    for case in cases:
        print(f"  {case.get('name')}: {reason_of(case)}")
    return 1 if cases else 0


if __name__ == "__main__":
    if len(sys.argv) != 2:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(main(sys.argv[1]))
