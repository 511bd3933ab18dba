"""The forms of questions are data (``knowledge/question_forms.yml``): every key the reader needs is there, every
pattern compiles, and the reader uses what the file says."""

from __future__ import annotations

import re

import pytest

from knowledge import question_form


def test_every_form_is_in_the_file_and_every_pattern_compiles():
    forms = question_form.load_forms()
    assert set(question_form.FORM_KEYS) <= set(forms), set(question_form.FORM_KEYS) - set(forms)
    for key in question_form.FORM_KEYS:
        value = forms[key]
        if isinstance(value, list) and value and all(isinstance(c, dict) for c in value):  # conflicts: asked / provision
            for pair in value:
                re.compile(pair["asked"])
                re.compile(pair["provision"])
                re.compile(pair.get("unless") or "")
        elif isinstance(value, list):
            assert value and all(isinstance(w, str) and w.strip() == w and w for w in value), key
        elif key == "alternative_ways":  # the patterns, and people's words -> the texts' word for each way
            for part in ("split", "only", "allowed"):
                re.compile(value[part])
            # (a word may stand for the wordings of several texts: "handed" -> "personally", "in person")
            assert all(
                isinstance(w, str) and (isinstance(t, str) or (isinstance(t, list) and t and all(isinstance(x, str) for x in t)))
                for w, t in value["ways"].items()
            )
        elif key == "lacking_as":  # people's word for a missing thing -> the texts' word ("lid" -> "cover")
            assert value and all(isinstance(w, str) and isinstance(t, str) and w and t for w, t in value.items()), key
        elif key == "precedence_classes":  # a kind of law -> the words that name it ("town code": local)
            assert all(isinstance(k, str) and ws and all(w == w.lower().strip() for w in ws) for k, ws in value.items()), key
        elif key in ("left_out_unnamed", "given_unnamed", "asked_qualities", "pinned_topics"):  # a thing -> the words that say it unnamed
            assert all(isinstance(t, str) and re.compile(v) for t, v in value.items()), key
        elif key == "share_words":  # a share of a height in words -> its value ("one-third": 0.3333)
            assert value and all(isinstance(w, str) and 0 < float(v) < 1 for w, v in value.items()), key
        elif isinstance(value, dict):  # stated_limits: standard key -> max or min, and the words after the length
            for spec in value.values():
                assert spec["limit"] in ("max", "min"), key
                re.compile(spec["said"])
                for pattern in (spec.get("exception") or {}).values():  # an exception the limit's section makes
                    re.compile(pattern)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):  # follows_weight: a weight
            assert value > 0, key
        else:
            assert isinstance(value, str) and value, key
            re.compile(value.format(word="vote") if "{word}" in value else value)


def test_a_malformed_file_is_caught(tmp_path):
    path = tmp_path / "question_forms.yml"
    path.write_text("permission: '(unclosed'\n", encoding="utf-8")
    with pytest.raises(re.error):
        re.compile(question_form.load_forms(path)["permission"])


@pytest.mark.parametrize(
    "question, provision, binds",
    [
        ("does my landlord have to give notice before coming in?",
         "If any person fails to comply with the orders, the Building Inspector shall give notice to the City Attorney", True),
        ("does my landlord have to give notice before coming in?", "Every occupant of a dwelling shall give the owner access", True),
        ("does the tenant have to let him in?", "Every occupant of a dwelling shall give the owner access", False),
        ("does my landlord have to fix the heat?", "Every dwelling shall have heating facilities", False),
    ],
)
def test_a_duty_of_another_party_is_no_yes(question, provision, binds):
    assert question_form.binds_another_party(question, provision) is binds
    if binds:
        assert question_form.yes_no(question, provision) is None


def test_the_reader_reads_its_words_from_the_file():
    forms = question_form.load_forms()
    assert set(question_form.FIGURE_WORDS) == set(forms["figure_words"])
    assert question_form.PERMISSION.pattern == forms["permission"]
    assert question_form.question_kind("how cold can it get inside before it breaks the code?") == "figure"
    assert question_form.question_kind("can he actually require that") == "yes_no"


@pytest.mark.parametrize(
    "question, kind",
    [
        ("and if i miss it?", "open"),  # what happens then, not a yes or no
        ("if he doesnt fix it", "open"),
        ("if i add a roomer, do i need a permit?", "yes_no"),  # the yes/no question after the clause
        ("is that allowed then?", "yes_no"),
        # a clause that says when, then the yes/no question
        ("once i fix everything can i just take it down myself", "yes_no"),
        ("when i move out can he keep my deposit", "yes_no"),
        ("when can i appeal", "open"),
    ],
)
def test_a_question_about_what_happens_if_is_no_yes_or_no(question, kind):
    assert question_form.question_kind(question) == kind


def test_a_sentence_that_says_where_a_figure_is_set_is_known():
    assert question_form.REFERS_ELSEWHERE.search("shall be subject to a penalty as provided in sec. 25.04 of this Code")
    assert question_form.REFERS_ELSEWHERE.search("Fees as prescribed in the Schedule of Fees shall be paid")
    assert not question_form.REFERS_ELSEWHERE.search("Licenses shall be issued for a period of two years")


@pytest.mark.parametrize(
    "question, asks",
    [
        ("If there's a fire I don't know how I'd get out. Isn't there a rule about that?", True),
        ("does the code say anything about mold", True),
        ("is there any law on this", True),
        ("is there a rule that says he can shut off my water", False),  # what the rule says, not whether there is one
        ("Is there a minimum?", False),
        ("city saying i have to repaint the peeling siding. is that really in the housing code?", True),
        ("is it in the lease?", False),
    ],
)
def test_a_question_whether_the_code_has_a_rule_at_all_is_known(question, asks):
    assert bool(question_form.ASKS_FOR_RULE.search(question)) is asks


@pytest.mark.parametrize(
    "question, kind",
    [
        # a lease said to override the code asks whether it relieves: yes or no, though a "what" follows "Does"
        ("My lease says I'm responsible for all repairs. Does what the lease says override the city housing code?", "yes_no"),
        # a comparison of temperatures asks for the figure
        ("what about the bathroom, is that supposed to be warmer than the other rooms?", "figure"),
    ],
)
def test_a_lease_overriding_the_code_and_a_warmer_room(question, kind):
    assert question_form.question_kind(question) == kind


@pytest.mark.parametrize(
    "question, asks",
    [
        ("How does the Village of Dresser Housing Code classify overcrowding a room with occupants?", True),
        ("how is a basement treated under the code?", True),
        ("how warm does the heat have to be?", False),
        ("How is the board composed?", False),
    ],
)
def test_a_question_how_the_code_classifies_something_is_known(question, asks):
    assert bool(question_form.ASKS_CLASSIFICATION.search(question)) is asks


@pytest.mark.parametrize(
    "text, context",
    [
        ("just bought a duplex in amery to rent out", True),
        ("Hi, I rent a small house in the Town of Holland, just me and my two kids.", True),
        ("I own a 4 unit building in Muskego", True),
        # a problem, or a question, is no mere situation
        ("I rent in Amery and my landlord wont fix the heat", False),
        ("I rent in Amery, who fixes the heat?", False),
        ("the heat keeps going out", False),
    ],
)
def test_a_message_that_only_tells_the_situation(text, context):
    assert question_form.states_context(text) is context


@pytest.mark.parametrize(
    "question, kind",
    [
        # a duty to tell or write down a figure is asked yes or no, not for the figure
        ("muskgo: do i have to tell tenants the max # of occupants in writing?", "yes_no"),
        ("do i need to put the max # of occupants in the lease?", "yes_no"),
        ("what is the max # of occupants?", "figure"),
        # "… or is that the landlord?" asks who
        ("do I have to keep the yard clean or is that the landlord? I rent half a duplex in Muskego", "who"),
    ],
)
def test_a_duty_to_tell_a_figure_and_a_choice_of_party(question, kind):
    assert question_form.question_kind(question) == kind


def test_asking_whether_one_can_make_the_other_side_act_is_a_duty():
    """ "no screens … can I make the landlord put them in?" is "Yes" where the code requires screens (not the "No" a
    missing required thing gets when asked whether it is allowed)."""
    screens = "When flies or other pests are prevalent, all openable windows … shall be effectively screened"
    asked = "flies keep coming in and there's no screens on our windows. muskego. can I make the landlord put them in?"
    assert question_form.yes_no(asked, screens) == "Yes"
    assert question_form.yes_no("there's no screens on our windows. is that allowed?", screens) == "No"


@pytest.mark.parametrize(
    "question, asks",
    [
        ("Under Amery's code, when may a required utility be discontinued to an occupied rental dwelling?", True),
        ("under what circumstances can the heat be shut off?", True),
        ("when is the rent due?", False),
        ("can my landlord shut off the water?", False),
    ],
)
def test_a_question_when_something_is_allowed_is_known(question, asks):
    assert bool(question_form.ASKS_WHEN_ALLOWED.search(question)) is asks


@pytest.mark.parametrize(
    "question, kind",
    [
        ("amery do i need a license to rent my house", "yes_no"),
        ("dresser village do i need a permit 4 a rooming house", "yes_no"),
        ("my landlord is a jerk", "open"),
        ("Under Muskego ch. 205, is a kitchen treated as a habitable room for purposes of the floor-area requirements?", "definition"),
    ],
)
def test_a_yes_no_question_after_leading_words_and_a_term_treated_as_another(question, kind):
    assert question_form.question_kind(question) == kind


def test_asking_whether_the_code_authorizes_someone_is_a_permission():
    asked = "Does Town of Howard ch. 12 authorize the Building Inspector to require a handrail on each stair?"
    assert question_form.yes_no(asked, "The Building Inspector may require a handrail for each stair if deemed necessary.") == "Yes"


def test_a_provisos_shall_not_does_not_negate_the_duty_before_it():
    """Holland's screens: "… shall likewise be supplied with screens, provided that such screens shall not be required …
    in rooms … free from such insects" is still a "Yes" to "does the landlord have to put them up?"."""
    screens = ("every door opening directly from a dwelling unit to outdoor space shall have supplied screens, provided "
               "that such screens shall not be required during such period in rooms deemed … free from such insects")
    assert question_form.yes_no("no screens on the windows. does the landlord have to put them up?", screens) == "Yes"
    license = "shall not rent any property within the City limits without having been issued a rental housing license"
    assert question_form.yes_no("do i need a license to rent my house?", license) == "Yes"


def test_asking_whether_the_other_side_can_make_the_asker_act_is_a_duty():
    assert question_form.yes_no("can muskego make me paint the outside of my rental?", "Exterior surfaces shall be painted or suitably surfaced:") == "Yes"
    handrail = "The Building Inspector may require a handrail for each stair if deemed necessary."
    assert question_form.yes_no("inspector says i need handrails on my stairs, can he make me? town of howard", handrail) == "Yes"


def test_one_thing_alone_where_the_provision_requires_it_with_another_is_a_no():
    howard = ("the notice and order shall be deemed to be properly served if such owner, occupant or agent is sent a copy "
              "thereof by registered mail to his last known address and a copy is posted in a conspicuous place")
    assert question_form.yes_no("Is service of a notice and order by registered mail alone sufficient?", howard) == "No"
    assert question_form.yes_no("is it properly served if it is only sent by registered mail?", howard) == "No"


def test_a_permission_asked_of_an_authority_or_a_covered_place_is_not_answered_by_a_ban_on_persons(kb):
    """ "can amery condemn my house?" is not "No" because "No person shall deface or remove the placard"; every covered
    municipality's name is among the authorities of ``authority_asks``."""
    from knowledge.compose.plain_verdict import _verdict

    for muni in kb.municipalities():
        name = muni.name.split(" of ", 1)[-1].lower()
        assert question_form.AUTHORITY_ASKS.search(f"can {name} condemn my house?"), name
    placard = "No person shall deface or remove the placard from any building which has been condemned as unfit"
    assert _verdict("can the city condemn my building and remove the placard?", placard, 0.9) is None
    assert _verdict("can my landlord remove the placard from the building?", placard, 0.9) == "No"


def test_one_of_several_ways_is_allowed_and_none_is_the_only_one():
    """Holland's service: personally, or by registered mail, or posted: each way counts, none is the only one."""
    served = ("provided that such notice shall be deemed to be properly served upon such owner or agent, or upon such "
              "occupant if a copy thereof is served upon him personally, or if a copy thereof is sent by registered mail "
              "to his last known address, or if a copy thereof is posted in a conspicuous place in or about the dwelling")
    assert question_form.yes_no("can the inspector just tape the notice to my front door?", served) == "Yes"
    assert question_form.yes_no("is a notice validly served only if it is handed to the owner in person?", served) == "No"
    assert question_form.one_of_the_ways("can the inspector just tape the notice to my door?", "It shall be posted.") is None


@pytest.mark.parametrize(
    ("question", "provision", "verdict"),
    [
        # a proposal the provision's own words rule out (``conflicts``), unless need is asked
        ("amery - can the bathroom in my rental just be a curtained-off corner of the bedroom?",
         "Every rental dwelling unit shall contain a room within its walls, separate from the habitable rooms, which affords privacy", "No"),
        ("upstairs unit has no bathroom, tnts use the one downstairs. is that ok?",
         "Every rental dwelling unit shall contain a room within its walls", "No"),
        # the first alternative asks: every unit must have its own
        ("does every apartment need its own bathroom or can we share with the unit next door?",
         "Every rental dwelling unit shall contain a room within its walls", "Yes"),
        ("may a unit's only bathroom be reached through another unit's sleeping room?",
         "access to a bathroom without requiring passage through a sleeping room of another dwelling unit", "No"),
        # a permission granted only with what the question leaves out (``without_asked``, ``conditioned_on``)
        ("can the inspector come in without notice?", "the Building Inspector may enter, at proper time after due notice, all units", "No"),
        ("can i rent a room without a permit?", "No person shall operate a rooming house unless he holds a valid rooming house permit", "No"),
        # ... or the thing a "must … give …?" question asks about
        ("must the inspector give notice before entering?", "the Building Inspector may enter, at proper time after due notice, all units", "Yes"),
        # the quality asked is denied (``denies_quality``)
        ("Is such a permit transferable?", "No such permit shall be transferable.", "No"),
        ("Does the Town Attorney have a vote on the board?", "One member shall be the Town Attorney who shall be an ex-officio member and not vote.", "No"),
        ("the seller has a rental license. does it transfer to me?", "Licenses shall be issued for two years and are nontransferable", "No"),
        ("do i need a license to rent my house?", "shall not rent any property without having been issued a rental housing license", "Yes"),
        # what the user counted on does not stop it (``still_despite``)
        ("i had a permit so can dresser still fine me", "the fact that a permit was issued shall not constitute a defense", "Yes"),
        # the asker is left a choice (``choice_given``), not the inspector (``asker_obliged``)
        ("do i have to let him in without a warrant?", "the owner may give the Building Inspector free access thereto, or require a warrant", "No"),
        ("does he have to show ID before coming in?", "the owner may give the Building Inspector free access thereto, or require a warrant", None),
    ],
)
def test_yes_or_no_from_what_the_question_proposes_against_the_provisions_words(question, provision, verdict):
    assert question_form.yes_no(question, provision) == verdict
