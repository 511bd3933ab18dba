import sys, yaml, glob, json, collections
sys.path.insert(0, "tests")
import requests
import test_truth_table as T
base = open("/tmp/who_state1/base").read().strip()
def rest(sender, msg):
    return requests.post(f"{base}/webhooks/rest/webhook", json={"sender": sender, "message": msg}, timeout=60).json()
only = sys.argv[1:] 
res = collections.Counter(); fails = []
run = str(__import__("time").time())
for p in sorted(glob.glob("tests/truth_tables/*.yml")):
    t = yaml.safe_load(open(p)); m = t["municipality"]
    if only and m not in only: continue
    for r in t["rows"]:
        if r.get("disputed"): res["disputed"] += 2; continue
        for mode in ("one_message", "turns"):
            sender = f"d{run}-{m}-{r['duty']}-{r['case']}-{mode}"
            if mode == "one_message": msgs = rest(sender, r["one_message"]); asked = r["one_message"]
            else:
                rest(sender, r["turns"][0]); msgs = rest(sender, r["turns"][1]); asked = " // ".join(r["turns"])
            texts = [x["text"] for x in msgs if x.get("text")]
            text = texts[0] if texts else ""
            try:
                T.check(m, r, text); res["pass"] += 1
            except AssertionError:
                res["fail"] += 1
                fails.append((m, r["duty"], r["case"], mode, r["party"], asked, text.split("\n")[0][:230]))
for f in fails: print(" | ".join(f))
print(dict(res))
