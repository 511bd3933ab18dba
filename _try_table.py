import yaml, glob, sys
from knowledge.kb import KnowledgeBase
from knowledge.compose import answer_duty
from knowledge.rules import decide
from knowledge.facts import normalize
kb = KnowledgeBase(); voc = kb.fact_vocabulary()
CASE = {"single_family": {"units_in_building": 1, "vacant_unit": False}, "duplex": {"units_in_building": 2, "vacant_unit": False},
 "four_units_one_infested": {"units_in_building": 4, "infested_units": 1}, "four_units_two_infested": {"units_in_building": 4, "infested_units": 2},
 "common_areas": {"units_in_building": 4, "shared_areas_infested": True}, "vacant_unit": {"vacant_unit": True},
 "rooming_house": {"rooming_house": True}, "lease_moves_duty": {"assumed_by_agreement": True}}
def kbduty(d, case):
    return {"dispose_garbage_rubbish": "dispose_garbage", "access_for_repairs": "give_access_for_repairs", "utilities": "maintain_supplied_facilities",
            "cleanliness": "clean_shared_areas" if case == "common_areas" else "clean_own_unit"}.get(d, d)
agree = dis = 0
for p in sorted(glob.glob("tests/truth_tables/*.yml")):
    t = yaml.safe_load(open(p)); m = t["municipality"]
    for r in t["rows"]:
        duty = kbduty(r["duty"], r["case"]); facts = normalize(CASE[r["case"]])
        rules = kb.rules(m, duty)
        if not rules: got = "silent"
        else:
            v = decide(rules, facts, duty, voc.exceptions, voc.ask, voc.same_as)
            got = {"decided": "+".join(v.parties), "silent": "silent", "undecided": "undecided"}[v.kind]
        want = r["party"]
        ok = got == want or (want == "owner_and_occupant" and set(got.split("+")) >= {"occupant"} and "owner" in got)
        if ok: agree += 1
        else:
            dis += 1
            print(f"{m:8} {r['duty']:26} {r['case']:24} table={want:18} kb={got:22} | {r.get('quote','')[:70]} | {r['note'][:200]}")
print(agree, dis)
