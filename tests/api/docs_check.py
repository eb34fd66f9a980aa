#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# Lists every public declaration that Doxygen found without documentation.
#
#   docs_check.py XML_DIR [WARNINGS_LOG [EXAMPLES_DIR]]
#
# XML_DIR is Doxygen's XML output over include/kickstep and docs/api.dox
# (docs/Doxyfile.in with GENERATE_XML). A header without an @file block, a
# function, macro, typedef, enum, enum value, struct or struct field with
# neither a brief nor a detailed description is printed as "file:line: kind
# name is not documented". Doxygen's own warnings (WARNINGS_LOG: malformed
# commands, unknown tags, the items it reports itself) are printed too. The
# reference must also be one a newcomer can start from: a main page with
# text, every header in one of the topics (groups), and every example of
# EXAMPLES_DIR (*.c) on the Examples page. Exit 1 when anything was printed.
import os
import sys
import xml.etree.ElementTree as ET


def text_of(node):
    return "".join(node.itertext()).strip() if node is not None else ""


def documented(node):
    return bool(text_of(node.find("briefdescription")) or text_of(node.find("detaileddescription")))


def where(node):
    loc = node.find("location")
    if loc is None:
        return "?:0"
    return "%s:%s" % (loc.get("file", "?"), loc.get("line", "0"))


def main():
    if len(sys.argv) < 2:
        print("usage: docs_check.py XML_DIR [WARNINGS_LOG]", file=sys.stderr)
        return 2
    xml_dir = sys.argv[1]
    problems = []
    index = ET.parse(os.path.join(xml_dir, "index.xml")).getroot()
    files = 0
    headers = set()
    grouped = set()
    examples = set()
    mainpage = False
    main_links = set()
    guides = set()
    for comp in index.findall("compound"):
        refid, kind = comp.get("refid"), comp.get("kind")
        if kind == "page" and refid == "indexpage":
            root = ET.parse(os.path.join(xml_dir, refid + ".xml")).getroot()
            mainpage = len(text_of(root.find("compounddef/detaileddescription"))) > 200
            main_links.update(r.get("refid") for r in root.iter("ref"))
        if kind == "page" and refid.startswith("md_"):
            guides.add(refid)
        if kind == "group":
            root = ET.parse(os.path.join(xml_dir, refid + ".xml")).getroot()
            grouped.update(text_of(f) for f in root.iter("innerfile"))
        if kind == "example":
            examples.add(text_of(comp.find("name")))
        if kind == "file" and not text_of(comp.find("name")).endswith(".h"):
            continue  # docs/api.dox: the main page, topics and examples
        if kind not in ("file", "struct", "union"):
            continue
        if kind == "file":
            headers.add(text_of(comp.find("name")))
        root = ET.parse(os.path.join(xml_dir, refid + ".xml")).getroot()
        for cdef in root.findall("compounddef"):
            name = text_of(cdef.find("compoundname"))
            if kind == "file":
                files += 1
                if not documented(cdef):
                    problems.append("%s: the header has no @file documentation" % where(cdef))
            elif not documented(cdef):
                problems.append("%s: %s %s is not documented" % (where(cdef), kind, name))
            for m in cdef.iter("memberdef"):
                mkind = m.get("kind")
                mname = text_of(m.find("name"))
                if mkind == "define" and mname.startswith("KICKSTEP_") and mname.endswith("_H"):
                    continue  # include guards
                label = name + "::" + mname if kind != "file" else mname
                if not documented(m):
                    problems.append("%s: %s %s is not documented" % (where(m), mkind, label))
                if mkind == "enum":
                    for v in m.findall("enumvalue"):
                        if not documented(v):
                            problems.append("%s: enum value %s (of %s) is not documented"
                                            % (where(m), text_of(v.find("name")), mname or "an unnamed enum"))
    if len(sys.argv) > 2 and os.path.exists(sys.argv[2]):
        with open(sys.argv[2], encoding="utf-8", errors="replace") as f:
            for line in f:
                line = line.rstrip()
                # "is not documented" is what the XML walk above reports, exactly once.
                if line and "No output formats selected" not in line and "is not documented" not in line:
                    problems.append("doxygen: " + line)
    if not mainpage:
        problems.append("docs/api.dox: the main page (@mainpage) is missing or nearly empty")
    # The guides are pages of the site (cmake/docs_guides.cmake), each linked from the main page.
    for g in ("adopting", "determinism", "duel", "clock", "replays", "sweeps"):
        if "md_" + g not in guides:
            problems.append("docs/%s.md: not a page of the API site (cmake/docs_guides.cmake)" % g)
    for g in sorted(guides):
        if g not in main_links:
            problems.append("docs/%s.md: a guide not linked from the main page (docs/api.dox)" % g[3:])
    for h in sorted(headers):
        if h not in grouped and ("kickstep/" + h) not in grouped:
            problems.append("%s: the header is in no topic (an @ingroup in docs/api.dox)" % h)
    if len(sys.argv) > 3 and os.path.isdir(sys.argv[3]):
        for ex in sorted(os.listdir(sys.argv[3])):
            if ex.endswith(".c") and ex not in examples:
                problems.append("examples/%s: not on the Examples page (an @example in docs/api.dox)" % ex)
    problems = sorted(set(problems))
    for p in problems:
        print(p)
    if problems:
        print("api docs: %d problems: undocumented declarations, doc errors, or a reference a newcomer cannot start from (%d headers)"
              % (len(problems), files), file=sys.stderr)
        return 1
    if files == 0:
        print("api docs: doxygen found no headers", file=sys.stderr)
        return 1
    print("api docs: every public declaration of %d headers is documented" % files)
    return 0


if __name__ == "__main__":
    sys.exit(main())
