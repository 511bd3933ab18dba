"""Regression tests for issue 12, the law audit: one test per finding, on the real built KB.

Each finding quotes the ordinance text; each test asserts what a user now sees (the answer,
the calculator's verdict, the comparison) and failed on the code before the fix.
"""

from __future__ import annotations

from knowledge import compare, compose, space
from knowledge.compare import compare_standard
from knowledge.curated import load_vocab
from knowledge.rules import evaluate


def _first_line(text: str) -> str:
    return text.split("\n")[0]


def test_finding_01_howard_heat_and_screens_supplied_by_owner(kb):
    # 12.09(1)(a)(3) "Provision of all facilities, utilities, service or conditions required by this ordinance"
    heating = compose.answer_topic(kb, "howard", "heating")
    assert "does not say who is responsible for supplying heat" not in heating.text
    assert "Supplying heat is the responsibility of the owner" in heating.text
    assert [d["party"] for d in heating.payload["duties"]] == ["owner"]
    screens = compose.answer_topic(kb, "howard", "screens")
    assert "screens is the responsibility of the owner" in _first_line(screens.text)
    assert "Provision of all facilities, utilities, service or conditions required by this ordinance" in screens.text
    # unless an agreement says otherwise
    for duty in ("supply_heat", "hang_screens"):
        rules = kb.rules("howard", duty)
        assert evaluate(rules, {}, duty).party == "owner"
        assert evaluate(rules, {"assumed_by_agreement": True}, duty).party == "occupant"


def test_finding_02_child_of_exactly_one_gives_both_outcomes(kb):
    # "Any person, over one year of age": a child of exactly 1 is not settled either way
    result = space.sleeping_room(kb, "holland", 80, ages=[30, 1])
    assert result.verdict == space.NOT_ADDRESSED and result.reason == space.TEXT_UNSETTLED
    assert "does not meet the minimum for 2 occupants" in result.summary
    assert "meets the minimum for 1 occupant" in result.summary
    assert "Town Building Inspector" in result.summary
    assert not any(n.startswith("Not counted as an occupant: the 1-year-old") for n in result.notes)
    unit = space.dwelling_unit(kb, "amery", 200, ages=[30, 1])
    assert unit.verdict == space.NOT_ADDRESSED and unit.reason == space.TEXT_UNSETTLED
    assert "If the 1-year-old counts" in unit.summary and "Building Inspector" in unit.summary
    # the same verdict either way is given, with the doubt noted (never a silent flip)
    roomy = space.sleeping_room(kb, "holland", 120, ages=[30, 1])
    assert roomy.verdict == space.MEETS
    assert any("does not settle whether the 1-year-old counts" in n for n in roomy.notes)
    # a baby under one is still not an occupant
    assert space.sleeping_room(kb, "holland", 80, ages=[30, 0.5]).verdict == space.MEETS


def test_finding_03_howard_extermination_exception_is_the_buildings_condition(kb):
    # "unless the dwelling is not maintained in a reasonably rat proof or insect-proof condition"
    rules = kb.rules("howard", "exterminate")
    question = kb.fact_question("maintained_pest_proof")
    assert "rat-proof" in question and "insect-proof" in question and question.endswith("?")
    assert evaluate(rules, {"infested_units": 1, "maintained_pest_proof": False}, "exterminate").party == "owner"
    assert evaluate(rules, {"infested_units": 1, "maintained_pest_proof": True}, "exterminate").party == "occupant"
    # fault alone is not the test
    assert evaluate(rules, {"infested_units": 1, "owner_failure": True}, "exterminate").party == "occupant"
    answer = compose.answer_topic(kb, "howard", "pests", {"infested_units": 1})
    # the verdict (the occupant) comes first; the building's condition is its one exception line (issue 17)
    unless = next(line for line in answer.text.split("\n") if line.startswith("Unless "))
    assert "the dwelling is not maintained in a reasonably rat-proof or insect-proof condition (then the owner)" in unless
    assert "owner's fault" not in answer.text and "owner's failure" not in answer.text


def test_finding_04_howard_unit_size_is_floor_space_not_habitable_area(kb):
    # 12.07(1)(a) "at least 1000 square feet of floor space for occupancy"
    for result in (space.dwelling_unit(kb, "howard", 900, 2), space.dwelling_unit(kb, "howard", None, 2)):
        assert "habitable" not in result.summary + result.arithmetic
        assert "floor space" in result.summary
    # codes that price occupants by habitable floor area still say so
    assert "habitable floor area" in space.dwelling_unit(kb, "amery", 300, 1).summary


def test_finding_05_muskego_rooming_fixtures_at_least_one_for_under_six(kb):
    # "At least one flush toilet, lavatory basin, and bathtub or shower … for each six persons"
    for people in (1, 4, 5):
        result = space.fixtures(kb, "muskego", people)
        assert result.verdict == space.COMPUTED
        assert result.numbers["toilet_required"] == 1
        assert "needs at least 1 each" in result.summary
    # only the remainder above a multiple of six is unsettled
    assert space.fixtures(kb, "muskego", 8).reason == space.TEXT_UNSETTLED


def test_finding_06_muskego_rubbish_containers_owner_tenant_lessee_or_occupant(kb):
    # Basic G(1) "Refuse containers shall be provided by the owner, tenant, lessee or occupant of the premises"
    answer = compose.answer_topic(kb, "muskego", "garbage_rubbish")
    assert "does not say who is responsible for supplying rubbish containers" not in answer.text
    line = next(x for x in answer.text.split("\n") if x.startswith("- Supplying rubbish containers"))
    assert '"the owner, tenant, lessee or occupant of the premises"' in line
    assert "the owner or the occupant" in line
    assert "D, decides" in line and "more than two dwelling units" in line  # beside the garbage rule
    duty = next(d for d in answer.payload["duties"] if d["duty"] == "supply_rubbish_containers")
    assert duty["party"] == "owner_or_occupant"
    # a tenant is not told it is "your landlord, not you"
    tenant = compose.answer_duty(kb, "muskego", "supply_rubbish_containers", {}, "garbage_rubbish", role="tenant")
    assert "not you" not in tenant.text


def test_finding_07_rooming_house_own_room_adds_the_operator(kb):
    # Holland § 190-11J "in every other part of the rooming house"; Muskego F "in every part of the rooming house"
    holland = evaluate(kb.rules("holland", "clean_own_unit"), {"rooming_house": True}, "clean_own_unit")
    assert "operator" in holland.parties
    muskego = evaluate(kb.rules("muskego", "clean_own_unit"), {"rooming_house": True}, "clean_own_unit")
    assert "operator" in muskego.parties
    answer = compose.answer_topic(kb, "holland", "cleanliness")
    own = next(x for x in answer.text.split("\n") if x.startswith("- Keeping one's own part"))
    assert "operator" in own and "rooming house" in own


def test_finding_08_amery_screens_cover_basement_and_cellar_openings(kb):
    # F: "Every basement or cellar window … shall be supplied with a screen"
    answer = compose.answer_topic(kb, "amery", "screens")
    lead = _first_line(answer.text)
    assert "owner or operator" in lead
    assert "basement and cellar windows" in lead


def test_finding_09_muskego_screens_supplied_by_owner_or_operator(kb):
    # G: "Every basement window … shall be supplied with a screen"; SUPPLIED: "by or under the control of the owner or operator"
    answer = compose.answer_topic(kb, "muskego", "screens")
    lead = _first_line(answer.text)
    assert "does not say who" not in answer.text
    assert "the owner or operator" in lead and "basement windows" in lead
    assert answer.payload["party"] == "owner_or_operator"


def test_finding_10_holland_extract_does_not_include_the_penalty(kb):
    # § 190-5: the penalty is "as hereinafter provided"; no penalty provision is in the extract
    answer = compose.answer_topic(kb, "holland", "penalties")
    assert answer.payload["addressed"] is False
    assert "does not include the penalty provision" in _first_line(answer.text)
    assert '"as hereinafter provided"' in answer.text
    assert "Town Building Inspector" in answer.text
    comparison = compare.answer_comparison(kb, "penalties")
    holland = next(x for x in comparison.text.split("\n") if x.startswith("- Town of Holland"))
    assert "not addressed" in holland and "190-5" not in holland


def test_finding_11_howard_basement_screens_count_as_basement_coverage(kb):
    # 12.06(2)(b) "Every basement window used for ventilation … shall be supplied with a screen"
    coverage = kb.coverage("howard", "basements")
    assert coverage.addressed
    assert "12.06(2)(b)" in [s.citation for s in coverage.sections]
    assert "does not address" not in compose.answer_topic(kb, "howard", "basements").text


def test_finding_12_holland_definitions_never_cite_the_inferred_number_bare(kb):
    # § 190-2 is inferred (the extract prints no number for the definitions)
    answer = compose.answer_definition(kb, "occupant", "holland")
    assert "§ 190-2" not in answer.text
    assert "definitions section" in answer.text
    assert all("§ 190-2" not in c["citation"] for c in answer.payload["citations"])
    for term in kb.terms("holland"):
        for definition in kb.definitions(term, "holland"):
            assert "§ 190-2" not in definition.full_citation


def test_finding_13_missing_standards_are_compared(kb):
    def values(key: str) -> dict[str, list]:
        found = compare_standard(kb, key)
        return {e["municipality"]["key"]: [v["value"] for v in e["values"]] for e in found["municipalities"]}

    multiple = values("multiple_dwelling_more_than_units")
    assert multiple["howard"] == [2] and multiple["dresser"] == [2]
    assert values("temporary_housing_max_attached_days")["muskego"] == [30]
    assert values("public_hall_full_time_lighting_min_units")["howard"] == [3]


def test_finding_14_amery_emergency_cap_does_not_cover_258_18b(kb):
    # "no such general or special order so suspending operation of § 258-18A or § 258-22C shall be for longer than 10 days"
    (cap,) = kb.standards("emergency_order_max_days", "amery")
    assert "18A or B" not in cap.conditions
    assert "no limit for an order suspending § 258-18B" in cap.conditions
    answer = compose.answer_topic(kb, "amery", "unfit_dwellings")
    assert "§ 258-18A or B, § 258-22C" not in answer.text


def test_finding_15_definitions_only_topics_say_defined_but_no_duty(kb):
    # one rule for all five: a definition alone is not coverage; the answer quotes the definition
    dresser = compose.answer_topic(kb, "dresser", "pests")
    assert 'the Village of Dresser code defines "INFESTATION" and "EXTERMINATION"' in dresser.text
    assert "but sets no duty or standard for them" in dresser.text
    assert "The presence, within or around a dwelling" in dresser.text
    assert any(c["heading"] == "definition of INFESTATION" for c in dresser.payload["citations"])
    for topic in ("garbage_rubbish", "heating", "basements"):
        answer = compose.answer_topic(kb, "dresser", topic)
        assert answer.payload["addressed"] is False and "code defines" in answer.text
    howard = compose.answer_topic(kb, "howard", "rooming_houses")
    assert 'the Town of Howard code defines "Rooming House" and "Rooming Unit"' in howard.text
    assert "Town of Howard Code 12.03(21)" in howard.text
    # Amery (and Dresser) no longer count definition rows as coverage
    matrix = kb.coverage_matrix()
    for topic, row in matrix.items():
        for key, cited in row.items():
            assert not [c for c in cited if c.startswith("Definitions")], (key, topic)
    assert "not addressed: the Village of Dresser code defines" in compare.answer_comparison(kb, "heating").text


def test_finding_16_holland_condition_cites_no_bare_inferred_number(kb):
    for std in kb.standards(municipality="holland"):
        assert "§ 190-4C" not in std.conditions


def test_finding_16_howard_findings_notice_is_not_an_appeal_decision_deadline(kb):
    # 12.11(2)(b) "shall be notified within ten days in writing of such findings"
    assert kb.standards("appeal_decision_days", "howard") == []
    (notice,) = kb.standards("appeal_findings_notice_days", "howard")
    assert notice.value == 10
    text = compose.answer_topic(kb, "howard", "notices_hearings_appeals").text
    assert "must be notified in writing of the appeal body's findings: ten days" in text


def test_finding_16_vocabulary_descriptions_parse_whole():
    vocab = load_vocab()
    for key, entry in vocab["standards"].items():
        # (`plain`: a value in everyday words, said after the text's own: "once each week, that is weekly")
        assert set(entry) - {"plain"} == {"unit", "description"}, key
    assert (
        "for no more than this many consecutive days"
        in vocab["standards"]["temporary_housing_max_attached_days"]["description"]
    )


def test_finding_16_sleeping_room_figures_state_two_or_more_rooms(kb):
    # "In every dwelling unit of two or more rooms, … more than one occupant …"
    for key in ("holland", "amery", "muskego"):
        result = space.sleeping_room(kb, key, 200, ages=[30, 30])
        assert result.sources and all("two or more rooms" in s.quote for s in result.sources), key


def test_finding_16_holland_screens_only_when_the_inspector_deems_it_necessary(kb):
    lead = _first_line(compose.answer_topic(kb, "holland", "screens").text)
    assert "during that portion of each year when the Building Inspector deems it necessary" in lead


def test_finding_16_holland_rooming_house_question_follows_its_definition(kb):
    # "three or more persons who are not husband or wife, son or daughter …"
    question = kb.fact_question("rooming_house", "holland")
    assert "three or more persons" in question and "son or daughter" in question
    answer = compose.answer_topic(kb, "holland", "cleanliness")
    assert "To say for sure: " + question in answer.text
    assert "three or more" not in kb.fact_question("rooming_house", "amery")


def test_finding_17_no_party_answers_do_not_read_as_nobody(kb):
    heat = compose.answer_duty(kb, "amery", "supply_heat", {}, "heating")
    assert heat.payload["addressed"] is True
    assert "does not mean no one is" in heat.text
    assert "Light, ventilation and heating, D" in heat.text and "Building Inspector" in heat.text
    assert "Every rental dwelling shall have heating facilities" in heat.text
    topic = compose.answer_topic(kb, "muskego", "heating")
    assert "does not say who is responsible for supplying heat" not in topic.text
    assert "does not mean no one is" in topic.text
    side_by_side = compare.answer_comparison(kb, "heating").text
    amery = next(x for x in side_by_side.split("\n") if x.startswith("- City of Amery"))
    assert "requires it but names no one for supplying heat" in amery and "Building Inspector" in amery
    repairs = compose.answer_duty(kb, "dresser", "maintain_supplied_facilities", {}, "maintenance")
    assert repairs.payload["addressed"] is False  # Dresser's extract has no maintenance section at all
    # Amery sets no hot-water temperature: said plainly, first
    hot = compose.answer_topic(kb, "amery", "hot_water")
    assert _first_line(hot.text) == (
        "The City of Amery text states no figure for the temperature the water heating facilities must reach."
    )
