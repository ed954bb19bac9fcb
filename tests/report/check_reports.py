#!/usr/bin/env python3
"""Validates ldcc's machine-readable reports.

    check_reports.py SCHEMA FILE...

A FILE ending in .sarif must be a SARIF 2.1.0 log valid against SCHEMA (the
OASIS schema, vendored as tests/report/sarif-schema-2.1.0.json) and must
carry what GitHub code scanning needs of each result: a rule id among the
driver's rules, a message, a physical location with a URI and a start line.
A FILE ending in .jsonl must hold one JSON object per line with the fields
docs/report-format.md lists, and end with the summary.

The schema is checked by the small draft-04 validator below (the keywords
the SARIF schema uses), so the test needs nothing beyond python3; when the
jsonschema module is importable the log is checked by it as well.  The
validator proves it can fail: --self-test feeds it broken logs.
Prints "N passed, M failed"; exits non-zero on any failure."""
import json
import re
import sys


class Invalid(Exception):
    pass


def _type_ok(value, t):
    if t == "object":
        return isinstance(value, dict)
    if t == "array":
        return isinstance(value, list)
    if t == "string":
        return isinstance(value, str)
    if t == "integer":
        return isinstance(value, int) and not isinstance(value, bool)
    if t == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool)
    if t == "boolean":
        return isinstance(value, bool)
    if t == "null":
        return value is None
    raise Invalid("schema uses unknown type %r" % t)


def validate(value, schema, root, path="$"):
    """Raises Invalid naming the first place where value breaks schema."""
    if "$ref" in schema:
        ref = schema["$ref"]
        if not ref.startswith("#/"):
            raise Invalid("%s: external $ref %s" % (path, ref))
        target = root
        for part in ref[2:].split("/"):
            target = target[part]
        validate(value, target, root, path)
        return
    t = schema.get("type")
    if t is not None:
        types = t if isinstance(t, list) else [t]
        if not any(_type_ok(value, x) for x in types):
            raise Invalid("%s: expected %s, got %r" % (path, t, value))
    if "enum" in schema and value not in schema["enum"]:
        raise Invalid("%s: %r not in %r" % (path, value, schema["enum"]))
    if isinstance(value, str) and "pattern" in schema:
        if not re.search(schema["pattern"], value):
            raise Invalid("%s: %r does not match %s" % (path, value, schema["pattern"]))
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        if "minimum" in schema and value < schema["minimum"]:
            raise Invalid("%s: %r below %r" % (path, value, schema["minimum"]))
        if "maximum" in schema and value > schema["maximum"]:
            raise Invalid("%s: %r above %r" % (path, value, schema["maximum"]))
    if isinstance(value, list):
        if len(value) < schema.get("minItems", 0):
            raise Invalid("%s: fewer than %d items" % (path, schema["minItems"]))
        if schema.get("uniqueItems"):
            seen = [json.dumps(v, sort_keys=True) for v in value]
            if len(seen) != len(set(seen)):
                raise Invalid("%s: items are not unique" % path)
        if "items" in schema:
            for i, v in enumerate(value):
                validate(v, schema["items"], root, "%s[%d]" % (path, i))
    if isinstance(value, dict):
        for name in schema.get("required", []):
            if name not in value:
                raise Invalid("%s: missing %r" % (path, name))
        props = schema.get("properties", {})
        extra = schema.get("additionalProperties", True)
        for name, v in value.items():
            sub = "%s.%s" % (path, name)
            if name in props:
                validate(v, props[name], root, sub)
            elif extra is False:
                raise Invalid("%s: property not allowed" % sub)
            elif isinstance(extra, dict):
                validate(v, extra, root, sub)
    if "anyOf" in schema:
        errors = []
        for alt in schema["anyOf"]:
            try:
                validate(value, alt, root, path)
                break
            except Invalid as e:
                errors.append(str(e))
        else:
            raise Invalid("%s: matches no anyOf branch (%s)" % (path, "; ".join(errors)))
    if "oneOf" in schema:
        ok = 0
        for alt in schema["oneOf"]:
            try:
                validate(value, alt, root, path)
                ok += 1
            except Invalid:
                pass
        if ok != 1:
            raise Invalid("%s: matches %d oneOf branches" % (path, ok))
    for key in ("allOf", "not", "dependencies", "patternProperties"):
        if key in schema:
            raise Invalid("%s: schema keyword %s is not supported here" % (path, key))


def check_github(log):
    """What GitHub code scanning requires beyond the schema."""
    if log.get("version") != "2.1.0":
        raise Invalid("version is not 2.1.0")
    for run in log["runs"]:
        driver = run["tool"]["driver"]
        if not driver.get("name"):
            raise Invalid("tool.driver.name is empty")
        rules = [r["id"] for r in driver.get("rules", [])]
        for i, res in enumerate(run.get("results", [])):
            where = "results[%d]" % i
            if res.get("ruleId") not in rules:
                raise Invalid("%s: ruleId %r is not a driver rule" % (where, res.get("ruleId")))
            if rules[res["ruleIndex"]] != res["ruleId"]:
                raise Invalid("%s: ruleIndex does not name ruleId" % where)
            if not res["message"].get("text"):
                raise Invalid("%s: no message text" % where)
            if not res.get("locations"):
                raise Invalid("%s: no location" % where)
            phys = res["locations"][0]["physicalLocation"]
            if not phys["artifactLocation"].get("uri"):
                raise Invalid("%s: no uri" % where)
            if phys["region"].get("startLine", 0) < 1:
                raise Invalid("%s: no start line" % where)


def check_sarif(path, schema):
    with open(path) as f:
        log = json.load(f)
    validate(log, schema, schema)
    check_github(log)
    try:
        import jsonschema
    except ImportError:
        jsonschema = None
    if jsonschema is not None:
        try:
            jsonschema.Draft4Validator(schema).validate(log)
        except jsonschema.ValidationError as e:
            raise Invalid("jsonschema: %s" % e.message)
    return "%d results, %d notifications" % (
        len(log["runs"][0]["results"]),
        len(log["runs"][0]["invocations"][0]["toolExecutionNotifications"]))


RACE_FIELDS = ["type", "id", "kind", "memory", "kernel", "variable", "element", "block",
               "warps", "lane", "values", "file", "region", "statements", "launch_file",
               "launch_line",
               "message", "detail"]
SUMMARY_FIELDS = ["type", "races", "instances", "kernels", "checked_launches",
                  "unchecked_launches", "not_shown", "suppressed", "dropped_records",
                  "race_instances"]


def check_jsonl(path):
    types = []
    with open(path) as f:
        lines = f.read().splitlines()
    for n, line in enumerate(lines, 1):
        try:
            obj = json.loads(line)
        except ValueError as e:
            raise Invalid("line %d is not JSON: %s" % (n, e))
        types.append(obj.get("type"))
        if obj["type"] == "race" and list(obj) != RACE_FIELDS:
            raise Invalid("line %d: race fields %s" % (n, list(obj)))
        if obj["type"] == "summary" and list(obj) != SUMMARY_FIELDS:
            raise Invalid("line %d: summary fields %s" % (n, list(obj)))
    if not types or types[-1] != "summary":
        raise Invalid("the last line is not the summary")
    return "%d lines (%s)" % (len(types), ", ".join(sorted(set(types))))


def self_test(schema):
    """The validator must reject logs that break the schema."""
    good = {"version": "2.1.0", "runs": [{"tool": {"driver": {"name": "x"}}, "results": [
        {"ruleId": "r", "message": {"text": "m"}, "locations": [{"physicalLocation": {
            "artifactLocation": {"uri": "a.cu"}, "region": {"startLine": 3}}}]}]}]}
    validate(good, schema, schema)
    broken = [
        ("no version", lambda d: d.pop("version")),
        ("version 2.0", lambda d: d.update(version="2.0.0")),
        ("extra top-level property", lambda d: d.update(extra=1)),
        ("startLine 0", lambda d: d["runs"][0]["results"][0]["locations"][0]
         ["physicalLocation"]["region"].update(startLine=0)),
        ("startLine a string", lambda d: d["runs"][0]["results"][0]["locations"][0]
         ["physicalLocation"]["region"].update(startLine="3")),
        ("no message", lambda d: d["runs"][0]["results"][0].pop("message")),
        ("level bogus", lambda d: d["runs"][0]["results"][0].update(level="fatal")),
        ("occurrenceCount 0", lambda d: d["runs"][0]["results"][0].update(occurrenceCount=0)),
    ]
    for what, change in broken:
        doc = json.loads(json.dumps(good))
        change(doc)
        try:
            validate(doc, schema, schema)
        except Invalid:
            continue
        raise Invalid("the validator accepted a log with %s" % what)
    return "%d broken logs rejected" % len(broken)


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    with open(argv[1]) as f:
        schema = json.load(f)
    passed = failed = 0
    checks = [("validator self-test", lambda: self_test(schema))]
    for path in argv[2:]:
        if path.endswith(".sarif"):
            checks.append((path, lambda p=path: check_sarif(p, schema)))
        else:
            checks.append((path, lambda p=path: check_jsonl(p)))
    for name, check in checks:
        try:
            what = check()
            print("PASS %s: %s" % (name, what))
            passed += 1
        except (Invalid, ValueError, KeyError, IndexError, OSError) as e:
            print("FAIL %s: %s" % (name, e))
            failed += 1
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed or not passed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
