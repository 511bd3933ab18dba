"""People's words read as they mean them (the misses of the blind sets written for session 31, fixed generally): an
officer asked to make the landlord act, bathrooms counted against the people an earlier message counted, a ceiling or
a window figure on the side a standard leaves out, who a definition names, the question asked before the place,
the asker who rents out, and the place the asking sentence names."""

from __future__ import annotations

from actions.answers import ActionAnswerTopic, ActionSetMunicipality
from actions.fallback import ActionClarify
from knowledge import facts, question_form
from knowledge.compose import answer_topic, answer_unsure, duty_asked
from knowledge.compose.computed import stated_ceiling, temperature_topic
from knowledge.compose.definitions import settled_by_definition
from knowledge.compose.fixture_counts import for_head_count
from knowledge.compose.plain_verdict import left_out_verdict
from knowledge.compose.requirement import answer_for_duty
from knowledge.entities import other_place_wins
from knowledge.parsing.household import asks_inadequate
from tests.test_space_followup_actions import reply, tracker


def user(text: str, intent: str = "nlu_fallback") -> dict:
    return {"event": "user", "text": text, "parse_data": {"intent": {"name": intent}, "intent_ranking": [], "entities": []}}


def bot(text: str, custom: dict | None = None) -> dict:
    return {"event": "bot", "text": text, "data": {"custom": custom} if custom else {}}


# -- yes or no --------------------------------------------------------------------------------------------------------


def test_an_officer_asked_to_make_the_landlord_act_is_answered_by_what_the_officer_may_require(kb):
    asked = "The back steps at my rental in Howard don't have any railing. Can the town make the landlord put one in?"
    provision = "The Building Inspector may require a handrail for each stair if deemed necessary."
    assert question_form.yes_no(asked, provision) == "Yes"
    text = answer_topic(kb, "howard", "stairs_handrails_exits", question=asked).text
    assert text.startswith('Yes. Town of Howard Code 12.08(1)(c) says: "The Building Inspector may require a handrail'), text
    # … and "can the city actually make me repaint" is asked of the asker, whatever adverb stands before "make"
    assert question_form.COMPELS.search("can the city actually make me repaint")


def test_a_landlord_can_not_make_anyone_do_what_only_an_officer_may_require(kb):
    # "can i make the landlord …" is answered by the landlord's duty ("shall"), not by what the inspector "may require"
    assert question_form.yes_no("can i make the landlord put a railing in?", "The Building Inspector may require a handrail.") is None


def test_bathrooms_are_counted_against_the_people_one_serves_where_the_text_gives_no_rounding(kb):
    asked = "There are 8 of us renting rooms and the owner doesn't live there. There's only one bathroom for all of us. Is that even allowed?"
    text = answer_topic(kb, "muskego", "rooming_houses", question=asked).text
    assert text.startswith("No: the code requires one flush water closet for each 6 persons; 1 serves at most 6 persons, and there are 8."), text
    standard = kb.standard("muskego", "rooming_persons_per_toilet")
    assert for_head_count(kb, standard, asked.replace("8 of us", "6 of us")).startswith("Yes: "), "one serves six"
    assert for_head_count(kb, standard, "There are 8 of us renting rooms. How many bathrooms do we need?") == ""  # no rounding given


def test_the_people_an_earlier_message_counted_are_read_with_a_question_about_bathrooms(domain):
    events = [user("I rent a room in a house in Muskego. There are 8 of us renting rooms and the owner doesn't live there."), bot("…")]
    asked = "There's only one bathroom for all of us. Is that even allowed?"
    slots = {"municipality": "muskego", "topic": "rooming_houses", "last_space": None, "facts": {"rooming_house": True}}
    text = reply(ActionClarify(), tracker(asked, "nlu_fallback", slots, events=[*events, user(asked)]), domain)
    assert text.startswith("No: the code requires one flush water closet for each 6 persons"), text


def test_over_the_legal_limit_asks_whether_the_home_is_overcrowded():
    assert asks_inadequate("There are 5 of us adults. The rooms add up to 480 square feet. Are we over the legal limit?")
    assert not asks_inadequate("There are 5 of us adults. The rooms add up to 480 square feet. Is that enough?")


def test_a_ceiling_of_six_and_a_half_feet_is_compared_with_the_minimum(kb, domain):
    assert stated_ceiling("The ceiling is maybe 6 and a half feet the whole way across.") == 6.5
    asked = "Landlord wants to rent me the basement as a bedroom. The ceiling is maybe 6 and a half feet the whole way across. Is that even allowed?"
    text = reply(ActionAnswerTopic(), tracker(asked, "ask_ceiling_height", {"municipality": "holland", "last_space": None}), domain)
    assert text.startswith("No. A ceiling of 6 ft 6 in is below the seven feet the Town of Holland code requires"), text


def test_a_figure_on_the_side_a_standard_leaves_out_does_not_count(kb):
    window = "A window facing a structure closer than this does not count toward the window area"
    asked = "the brick wall next door is about 2 feet from my window. The landlord says the window still counts. Does it?"
    assert left_out_verdict(window, 3.0, asked) == "No"
    assert left_out_verdict(window, 3.0, asked.replace("2 feet", "4 feet")) is None  # not left out: this rule says nothing more
    low = "attic bedroom, the ceiling slopes way down. does the part where its under 5 feet count toward how big the room is?"
    assert left_out_verdict("Floor area under a ceiling lower than this is not counted", 5.0, low) == "No"
    text = answer_topic(kb, "muskego", "ceiling_height", question=f"muskego {low}").text
    assert text.startswith("No. In the City of Muskego, floor area under a ceiling lower than this is not counted"), text


# -- definitions, places, the asker -----------------------------------------------------------------------------------


def test_who_a_definition_names_is_its_clause_not_a_yes(kb):
    asked = "Where a rental dwelling is being purchased on a land contract, who is treated as the owner under the rental housing article?"
    text = answer_unsure(kb, asked, "amery").answer.text
    assert not text.startswith("Yes") and "shall mean the person who shall have such a contractual right" in text.split("\n")[0], text
    who = settled_by_definition(kb, "Under the Village of Dresser Housing Code, who must approve extermination methods?", "dresser")
    assert who is not None and "approved by the Health Officer" in who.text.split("\n")[0], who


def test_the_question_asked_before_the_place_is_answered_once_it_is_named(domain):
    asked = "Where a rental dwelling is being purchased on a land contract, who is treated as the owner under the rental housing article?"
    events = [user(asked), bot("Which municipality is the dwelling in?", {"ask": "municipality"}), user("amery", "inform_municipality")]
    slots = {"municipality": "amery", "topic": None, "last_space": None}
    entities = [{"entity": "municipality", "value": "amery"}]
    text = reply(ActionSetMunicipality(), tracker("amery", "inform_municipality", slots, events=events, entities=entities), domain)
    assert "contractual right" in text and not text.startswith("Got it"), text
    # … but a place named after an answer is only remembered
    events[1] = bot("In the City of Amery, …")
    text = reply(ActionSetMunicipality(), tracker("amery", "inform_municipality", slots, events=events, entities=entities), domain)
    assert text.startswith("Got it: City of Amery."), text


def test_one_who_rents_out_is_the_landlord(kb):
    vocabulary = kb.fact_vocabulary()
    assert facts.asker_role("howard, i rent out both sides of my duplex. am i supposed to supply the trash cans?", vocabulary) == "landlord"
    assert facts.asker_role("we rent the upstairs of a duplex", vocabulary) == "tenant"
    asked = "howard, i rent out both sides of my duplex. am i supposed to supply the trash cans?"
    duty, topic = duty_asked(kb, "garbage_rubbish", asked)
    text = answer_for_duty(kb, "howard", duty, facts.read(asked, vocabulary), topic, question=asked).text
    assert text.startswith("No, not on the owner by this text"), text


def test_the_neighbours_who_have_not_seen_any_leave_one_unit_infested(kb):
    told = "the neighbors on the other side say they haven't seen a single one"
    assert facts.read(told, kb.fact_vocabulary()).get("infested_units") == 1


def test_the_place_the_asking_sentence_names_is_the_place_asked_about(kb):
    cores = [m.name.split(" of ", 1)[-1].lower() for m in kb.municipalities()]
    both = "i have rentals in amery and one in st croix falls. whats the min bedroom size in {}"
    assert other_place_wins("amery", "st croix falls", cores, kb.places(), both.format("st croix falls"))
    assert not other_place_wins("amery", "st croix falls", cores, kb.places(), both.format("amery"))
    # … not a question whether a covered code reaches the other place
    osceola = "My apartment is in Osceola, just down the road from Dresser. Do the Dresser rooming house rules cover me?"
    assert other_place_wins("Dresser", "Osceola", cores, kb.places(), osceola)
    # a qualified covered name is never the covered place
    assert other_place_wins("Howard", "Village of Howard", cores, kb.places(), "Village of Howard. how warm must the heat be in howard")


def test_a_temperature_above_the_minimum_told_with_whose_duty_asked_is_the_duty(kb):
    asked = "My landlord says I broke the furnace by cranking the thermostat to 85. Is it really on me to run the heat properly?"
    assert temperature_topic(kb, "muskego", asked, ["heating"]) is None
    assert temperature_topic(kb, "muskego", "it's 65 in here, is that legal?", ["heating"]) == "heating"
