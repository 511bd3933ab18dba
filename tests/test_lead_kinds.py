"""What an answer leads with, for three kinds of question (real knowledge base): "No." when a permission
question says something is missing that the provision requires; the provision naming an officer when the
question asks which official acts; the yes or no a definition settles on a topic the code otherwise leaves
alone."""

from __future__ import annotations

from knowledge import question_form
from knowledge.compose import answer_topic, duty_asked, settled_by_definition


def ask(kb, municipality: str, topic: str, question: str):
    return answer_topic(kb, municipality, topic, question=question, ranking=[(f"ask_{topic}", 0.9)])


def test_something_missing_that_the_provision_requires_is_a_no():
    rule = "Every habitable room shall have at least one window or skylight facing directly to the outdoors."
    assert question_form.lacks_required("the bedroom has no window at all. is that allowed?", rule)
    assert question_form.yes_no("the bedroom has no window at all. is that allowed?", rule) == "No"
    screens = "all openable windows as required shall be supplied with screens"
    assert question_form.lacks_required("none of the windows have screens. is that legal?", screens)
    # not a permission question, nothing missing, or the thing missing is not what the rule requires
    assert not question_form.lacks_required("does the bedroom need a window?", rule)
    assert not question_form.lacks_required("the bedroom has a small window. is that allowed?", rule)
    assert not question_form.lacks_required("there is no closet in the bedroom. is that allowed?", rule)
    assert not question_form.lacks_required("no window, is that ok?", "No room shall be used without a window.")


def test_a_bedroom_without_a_window_is_answered_no_with_the_window_rule(kb):
    answer = ask(
        kb, "holland", "windows_light_ventilation",
        "my bedroom in the town of holland has no window at all. is that allowed?",
    )
    first = answer.text.split("\n")[0]
    assert first.startswith("No. Town of Holland Code § 190-7A says:"), answer.text
    assert "at least one window or skylight" in first


def test_which_official_gets_the_provision_naming_one(kb):
    answer = ask(
        kb, "dresser", "rental_licensing",
        "Which official issues rooming house permits under the Village of Dresser Housing Code, and when do they expire?",
    )
    assert "issued by the Health Officer" in answer.text.split("\n")[0], answer.text


def test_a_definition_settles_a_topic_the_code_otherwise_leaves_alone(kb):
    question = "Is overcrowding a room with occupants treated as a nuisance under the Village of Dresser Housing Code?"
    answer = settled_by_definition(kb, question, "dresser")
    assert answer is not None and answer.text.startswith("Yes. The Village of Dresser code's definition of \"nuisance\"")
    assert "Overcrowding a room with occupants" in answer.text
    assert ask(kb, "dresser", "occupancy_floor_space", question).text == answer.text
    # no defined term of the code in the question: the topic's honest silence stands
    assert settled_by_definition(kb, "how many people can live in a 2 bedroom apartment in dresser?", "dresser") is None
    silent = ask(kb, "dresser", "occupancy_floor_space", "how many people can live in a 2 bedroom apartment in dresser?")
    assert "does not address" in silent.text and "Health Officer" in silent.text


def test_a_question_naming_its_topics_thing_is_not_taken_for_another_topics_duty(kb):
    from knowledge.compose import duty_asked

    hot_water = "Amery - do I have to provide hot water to the bathroom sink and tub?"
    assert duty_asked(kb, "hot_water", hot_water) is None  # not "maintaining supplied facilities"
    answer = ask(kb, "amery", "hot_water", hot_water)
    # every rental unit's bathroom, not the rooming houses' "supplied with hot water at all times" (§ 258-22A)
    assert answer.text.startswith("Yes. ") and "hot and cold water lines" in answer.text.split("\n")[0]
    # a topic with duties of its own keeps its duty questions
    roomer = "Must a roomer in a rooming house in the Town of Holland give the owner access for repairs?"
    assert duty_asked(kb, "rooming_houses", roomer) == ("give_access_for_repairs", "access_for_repairs")
    # asked who, another topic's duty is still answered with its verdict
    assert duty_asked(kb, "hot_water", "who has to fix the water heater when it breaks?") is not None


def test_a_two_part_figure_question_leads_with_its_first_figure(kb):
    answer = ask(
        kb, "holland", "ceiling_height",
        "Under Chapter 190 of the Town of Holland code, what is the minimum ceiling height for a habitable room, "
        "and how is floor area under a low ceiling treated when computing permissible occupancy?",
    )
    lines = answer.text.split("\n")
    assert "seven feet" in lines[0], answer.text
    assert any(line.startswith("The code also sets floor area under a ceiling lower than this") for line in lines)
    # a yes/no question first leads with its own provision: the permission to grant a variance, then the votes it
    # needs (not the board's size)
    votes = ask(kb, "howard", "appeals_board", "howard housing appeals bd - can they give me a variance? how many votes needed")
    first, second = votes.text.split("\n")[:2]
    assert first.startswith("Yes.") and "the Board may permit a variance" in first, votes.text
    assert "concurring vote" in second and "three members" in second, votes.text


def test_a_yes_no_question_leads_with_the_provision_that_settles_it(kb):
    # "No person shall deface or remove the placard" settles it; the sentence on referring the owner to the
    # City Attorney matches more words and settles nothing
    answer = ask(kb, "amery", "unfit_dwellings", "Our landlord in Amery pulled the condemned sign off our building and says we can stay. Is he allowed to do that?")
    assert answer.text.startswith("No. City of Amery Code, Unfit dwellings, D says"), answer.text


def test_the_definition_of_a_term_the_question_names_answers_when_its_topic_has_nothing(kb):
    answer = ask(kb, "howard", "basements", "How does the Town of Howard code distinguish a basement from a half-basement or lower level?")
    # both terms it distinguishes, each with its definition (session 11: compared definitions)
    assert '"basement" and "half-basement or lower level"' in answer.text.split("\n")[0], answer.text
    assert "less than one-half" in answer.text and "one-half or more" in answer.text
    # a generic term ("dwelling") or one the question does not name is no such answer
    from knowledge.compose.questions import _closest_definition

    muni = kb.municipality("muskego")
    assert _closest_definition(kb, muni, "What procedure does Muskego ch. 205 prescribe for condemning and placarding a dwelling unfit for human habitation?", None) is None
    dresser = kb.municipality("dresser")
    assert _closest_definition(kb, dresser, "can the village of dresser condemn my apartment and make everybody leave?", None) is None


def test_renting_out_spare_bedrooms_names_the_rooming_house_scope(kb):
    from knowledge.scopes import named_scopes

    assert named_scopes(kb, "thinking about renting out the extra bedrooms in my house to 3 college students") == {"rooming house"}
    assert named_scopes(kb, "have a spare bedroom i want to rent to a guy from work") == {"rooming house"}


def test_a_topic_the_code_leaves_alone_names_the_term_it_defines(kb):
    answer = ask(kb, "muskego", "appeals_board", "Which board hears housing appeals in the City of Muskego, and where in the Code is it established?")
    first, source = answer.text.split("\n")[:2]
    assert "does not address" in first and 'defines "BOARD"' in first, answer.text
    assert "Board of Housing Appeals pursuant to § 12-4" in source


def test_the_codes_own_title_is_no_figure_or_concept_of_the_question(kb):
    from knowledge import selector

    question = "Does the Amery Minimum Housing Code allow two rental dwelling units to share one bathroom?"
    assert "Minimum Housing Code" not in selector.without_titles(kb, question)
    assert selector.question_kind(selector.without_titles(kb, question)) == "yes_no"


def test_who_declares_or_unplacards_a_dwelling_gets_the_officer(kb):
    """ "Who can declare it unfit to live in?", "who designates and placards …", "who may remove the placard?":
    the provision naming the officer who acts leads."""
    story = "Part of the roof caved in and there's mold everywhere at the house I rent in the town of Holland. Who can declare it unfit to live in?"
    for question in (story, "Who in the Town of Holland designates and placards a dwelling as unfit for human habitation under § 190-12?"):
        first = ask(kb, "holland", "unfit_dwellings", question).text.split("\n")[0]
        assert "§ 190-12" in first and "placarded by the Building Inspector" in first, first
    first = ask(kb, "amery", "unfit_dwellings", "Under the City of Amery code, who may remove the placard from a building condemned as unfit?").text.split("\n")[0]
    assert "such placard is removed by, the Building Inspector" in first and "plain yes or no" not in first, first


def test_who_a_permit_comes_from_or_what_the_town_can_do_gets_the_officer(kb):
    """ "who do i get the rooming house permit from", "who is the one that can red-tag it", "can the town make the
    landlord put one in?": the officer acts; the provision naming the officer leads."""
    first = ask(kb, "dresser", "rental_licensing", "dresser - wanna rent rooms out. who do i get the rooming house permit from").text.split("\n")[0]
    assert "issued by the Health Officer" in first, first
    red_tag = "A house down the road in the Town of Holland is falling apart. Who is the one that can red-tag it as unfit?"
    first = ask(kb, "holland", "unfit_dwellings", red_tag).text.split("\n")[0]
    assert "placarded by the Building Inspector" in first, first
    handrail = (
        "The stairs down to the basement laundry in our rental have no handrail at all and my elderly mom lives with "
        "us. Town of Howard. Can the town make the landlord put one in?"
    )
    first = ask(kb, "howard", "stairs_handrails_exits", handrail).text.split("\n")[0]
    assert "The Building Inspector may require a handrail" in first, first


def test_a_question_in_two_parts_gets_both_first_part_first(kb):
    """ "do i need a license …? how long is it good for": Yes, with the provision that requires one, then the term."""
    answer = ask(kb, "amery", "rental_licensing", "amery - do i need a license to rent my house out? how long is it good for")
    lines = answer.text.split("\n")
    assert lines[0].startswith("Yes. ") and "without having been issued a rental housing license" in lines[0], answer.text
    assert "two years" in lines[1]
    answer = ask(kb, "dresser", "rooming_houses", "Does a rooming house in the Village of Dresser need a permit, and how long is the permit good for?")
    lines = answer.text.split("\n")
    assert lines[0].startswith("Yes. ") and "unless he holds a valid rooming house permit" in lines[0], answer.text
    assert "one year" in lines[1]
    # a yes/no question whose best provision settles nothing gives way to the one that requires what is asked about
    one = ask(kb, "dresser", "rooming_houses", "Does a rooming house in the Village of Dresser need a permit?")
    assert one.text.startswith("Yes. ") and "unless he holds a valid rooming house permit" in one.text.split("\n")[0], one.text


def test_a_sentence_that_states_its_figure_is_not_passed_over_for_a_weaker_one(kb):
    """ "How many exits …?" in a rooming house: the sentence "at least two separate … means of exit" leads, not a
    stored figure of the topic that matches little of the question (bed linen), and no such figure is added."""
    from knowledge.sentences import states_a_figure

    assert states_a_figure("Every rooming unit shall have at least two separate safe and unobstructed means of exit")
    assert states_a_figure("shall contain at least 70 square feet of floor space")
    assert not states_a_figure("This permit shall be displayed in a conspicuous place within the rooming house at all times.")
    answer = ask(
        kb, "muskego", "rooming_houses",
        "I rent a room in a rooming house in Muskego and the only way out is the one door to the hall. How many exits must my room have?",
    )
    assert "at least two separate safe and unobstructed means of exit" in answer.text.split("\n")[0], answer.text
    assert "bed linen" not in answer.text
    single = ask(kb, "dresser", "rooming_houses", "dresser rooming house - smallest sq ft for a room one person sleeps in?")
    assert "at least 70 square feet" in single.text.split("\n")[0], single.text


def test_a_rental_license_is_not_answered_by_registered_mail(kb):
    """ "do I have to register w the town" shares a stem with the service clause's "registered mail": Holland's
    answer is that its text licenses only rooming houses, not how notices are served."""
    question = "do i need a rental license or have to register w the town to rent my house in town of holland? just one family renting it"
    answer = answer_topic(kb, "holland", "rental_licensing", question=question, ranking=[("ask_rental_licensing", 0.9)])
    assert "does not address it for dwellings in general" in answer.text.split("\n")[1], answer.text
    assert "registered mail" not in answer.text


def test_people_counted_against_a_sentence_stating_a_ratio_get_the_count(kb):
    """ "23 roomers, how many full baths?": the sentence that sets one set per ten persons leads, with the count."""
    answer = ask(kb, "amery", "rooming_houses", "rooming hse in amry wi, 23 roomers, none of my family uses the baths. how many full baths req'd?")
    assert answer.text.startswith("For 23 persons, at least 3 are needed"), answer.text


def test_a_utility_companys_shut_off_gets_the_officer_who_acts(kb):
    """The gas company's shut-off for nonpayment is no party's duty: Dresser's Health Officer is notified and acts."""
    question = (
        "The gas company shut off the gas at my apartment building in Dresser because the landlord didn't pay the bill. "
        "Who is supposed to do something about it?"
    )
    assert duty_asked(kb, "utility_shutoffs", question) is None
    first = ask(kb, "dresser", "utility_shutoffs", question).text.split("\n")[0]
    assert "the Health Officer shall be notified" in first, first


def test_two_apartments_sharing_a_bathroom_get_the_multiple_use_rule(kb):
    """ "can 2 small apts share 1 bathroom out in the hall?": Muskego's rule on two or more dwelling units sharing a
    toilet, not the rooming houses' common hall (limited by its citation, though its sentence names no rooming house)."""
    for question in (
        "muskego - can 2 small apts share 1 bathroom out in the hall",
        "me and the apartment next door have to share one bathroom out in the hall in our building in muskego, is that even legal?",
    ):
        first = ask(kb, "muskego", "bathroom_kitchen_facilities", question).text.split("\n")[0]
        assert "Under no circumstances may occupants of two or more dwelling units share a toilet" in first, first


def test_a_sentence_inside_a_definition_answers_when_it_matches_far_better(kb):
    """The agent's duty to tell the owner of an order sits in Amery's OWNER definition, in no topic: it leads when it
    matches the question far better than anything of the topic the classifier chose."""
    question = (
        "In the City of Amery, when a notice or order of the Building Inspector concerns a property managed by the "
        "owner's agent, what must the agent do?"
    )
    first = ask(kb, "amery", "unfit_dwellings", question).text.split("\n")[0]
    assert first.startswith("City of Amery Code, Definitions, OWNER says:") and "certified letter" in first, first


def test_a_possessive_place_name_is_no_thing_asked(kb):
    """ "Does the definition of 'nuisance' in Dresser's Housing Code include overcrowding?": Yes; "Dresser's" names
    the place, not something the definition must list."""
    from knowledge.compose import answer_definition, with_membership

    question = "Does the definition of \"nuisance\" in Dresser's Housing Code include overcrowding?"
    answer = with_membership(kb, question, "nuisance", "dresser", answer_definition(kb, "nuisance", "dresser"))
    assert answer.text.startswith("Yes. The Village of Dresser code's definition"), answer.text


def test_cited_for_a_violation_gets_the_penalty_sentence(kb):
    """ "whats the penalty if im cited": the amount the text does not state, then Dresser's penalty sentence (sec.
    25.04, where it is set), not its "no defense" sentence (session 42: "whats the penalty" asks the amount)."""
    lines = ask(kb, "dresser", "penalties", "dresser - whats the penalty if im cited under the village housing code").text.split("\n")
    assert lines[0].startswith("The Village of Dresser code text does not state the maximum forfeiture or fine"), lines
    assert "25.04" in lines[1] and "shall not constitute a defense" not in lines[1], lines


def test_a_second_part_opening_with_a_preposition_is_answered_second(kb):
    """ "On what grounds may the Board grant a variance, and by what vote?": the grounds (undue hardship) lead,
    the vote follows; "on what grounds" is the codes' "by reason of"."""
    from knowledge.compose.membership import question_parts

    question = "On what grounds may the Board of Zoning Appeals grant a variance from the Dresser Housing Code, and by what vote?"
    assert question_parts(question)[1] == "by what vote?"
    assert question_parts("who fixes it, and in whose office do I file?")[1] == "in whose office do I file?"
    answer = ask(kb, "dresser", "appeals_board", question)
    first, second = answer.text.split("\n")[:2]
    assert "undue hardship" in first and "concurring vote of at least three members" in second, answer.text


def test_a_figure_the_code_does_not_state_is_said_first_then_what_it_does_say_then_whom_to_ask(kb):
    """ "how many outlets does a bedroom need" in Howard: no number; the NFPA sentence at once (the second
    sentence of the answer), then the officer to ask for the figure."""
    answer = answer_topic(kb, "howard", "electrical", question="how many outlets does a bedroom need in a rental unit")
    lines = answer.text.split("\n")
    assert "does not state" in lines[0] and "outlets" in lines[0], answer.text
    assert "National Fire Protection Association" in lines[1], answer.text
    assert lines[2].startswith("For that figure, ask the") and "Building Inspector" in lines[2], answer.text


def test_a_question_about_requiring_a_warrant_is_about_the_inspectors_powers(kb):
    """ "may an owner or occupant … require the Building Inspector to obtain a warrant?" is no question of who must
    give access (Howard names no one): the sentence on the warrant answers it."""
    question = "In Howard, can the occupant refuse entry and require the building inspector to get a warrant first?"
    assert duty_asked(kb, "inspections", question) is None
    answer = ask(kb, "howard", "inspections", question)
    assert "require a warrant" in answer.text.split("\n")[0], answer.text


def test_a_provision_that_names_only_who_acts_does_not_answer_what_he_may_do(kb):
    """Muskego's text gives the inspector no right of entry: the electrical sentence that names him (and the owner) is no
    answer to "can he come in?"; the text is silent, and says so."""
    answer = ask(kb, "muskego", "inspections", "Can the city building inspector come into my apartment in Muskego without my permission?")
    assert "does not address" in answer.text.split("\n")[0], answer.text
    both = "If I call the City of Muskego about problems in my apartment, does the building inspector have the right to come in and inspect? Does my landlord have to agree?"
    assert "does not address" in ask(kb, "muskego", "inspections", both).text.split("\n")[0]
    # a question about the act itself still gets the provision naming him
    enforce = "Under the Muskego Minimum Housing Code, what must the Building Inspector do if a person fails to comply with his orders?"
    assert "City Attorney" in ask(kb, "muskego", "penalties", enforce).text.split("\n")[0]


def test_the_yes_or_no_follows_the_asking_sentence_after_a_story(kb):
    question = (
        "My upstairs neighbor's place in Amery is full of garbage and I think there are rats now. "
        "If I complain, can the building inspector actually go in and inspect the rental?"
    )
    assert duty_asked(kb, "inspections", question) is None  # the inspector's power, not the garbage cans
    first = ask(kb, "amery", "inspections", question).text.split("\n")[0]
    assert first.startswith("Yes.") and "Upon a complaint by any person" in first, first


def test_a_question_whether_something_relieves_or_covers_a_party_is_no_where_the_text_says_it_does_not(kb):
    first = ask(kb, "dresser", "penalties", "the dresser health officer issued me a permit so if a tenant complains im covered right?")
    assert first.text.startswith("No.") and "shall not constitute a defense" in first.text, first.text
    provision = "A contract … shall not relieve any party of his direct responsibility under this chapter."
    assert question_form.yes_no("does that let my landlord off the hook?", provision) == "No"
    assert question_form.yes_no("is the landlord required to fix it?", provision) != "No"


def test_a_count_of_people_gets_its_computed_fixtures_whatever_topic_leads(kb):
    question = "A rooming house in the Village of Dresser has 17 residents sharing facilities. How many sets of toilet, lavatory and bathtub or shower are required?"
    answer = ask(kb, "dresser", "bathroom_kitchen_facilities", question)  # the classifier's topic, not rooming houses
    assert answer.text.startswith("For 17 persons, at least 3 are needed"), answer.text


def test_a_two_part_question_settles_its_first_part_with_the_requirement(kb):
    first = ask(kb, "dresser", "rooming_houses", "renting rooms in my house, dresser wi. do i need a permit? from who").text.split("\n")[0]
    assert first.startswith("Yes.") and "issued by the Health Officer" in first, first


def test_how_long_a_permit_or_license_is_good_for(kb):
    holland = ask(kb, "holland", "rooming_houses", "renting rooms to 5 college kids in my house in holland, do i need a permit & how long is it good 4")
    assert "one year" in holland.text.split("\n")[0], holland.text
    amery = ask(kb, "amery", "rental_licensing", "do i need a license to rent my house in amery & how long is it good for?")
    assert "two years" in " ".join(amery.text.split("\n")[:2]), amery.text
    howard = ask(kb, "howard", "notices_hearings_appeals", "Within what period after a petition is filed must the Howard Housing Appeals Board hold its hearing?")
    assert "Said hearing shall be held within thirty days" in howard.text.split("\n")[1], howard.text


def test_a_list_item_the_question_describes_is_cited_first_and_its_lead_in_settles_the_yes_or_no(kb):
    """ "No basement space shall be used as a habitable room … unless:" with its items: a window below the ground
    outside is the item about window area above grade, cited first, and the lead-in answers "may it be used?"."""
    question = (
        "A landlord in Holland showed me a basement bedroom for rent. The only window is down in a window well, "
        "completely below the level of the yard outside. Can that legally be rented as a room to live in?"
    )
    answer = ask(kb, "holland", "basements", question)
    assert answer.text.startswith("No."), answer.text
    assert "entirely above the grade" in answer.payload["citations"][0]["quote"], answer.payload["citations"][0]
    # a question about the conditions in general keeps the list in its own order, lead-in first
    general = ask(kb, "holland", "basements", "Under § 190-9, what conditions must be met before basement space may be used as a habitable room?")
    assert "unless" in general.payload["citations"][0]["quote"], general.payload["citations"][0]


def test_whether_the_code_requires_a_thing_is_answered_by_the_thing_not_who(kb):
    roof = (
        "Every time it rains, water comes through the ceiling in my daughter's room. My landlord keeps saying he'll "
        "get to it. We're in the Town of Howard. Is there anything in the housing code that makes him fix the roof?"
    )
    assert duty_asked(kb, "maintenance", roof) is None
    first = ask(kb, "howard", "maintenance", roof).text.split("\n")[0]
    assert first.startswith("Yes.") and "roof shall be weathertight" in first, first
    hatch = "amery inspector wrote me up for drafty windows + a basement hatch that leaks. is that actually in the code"
    first = ask(kb, "amery", "maintenance", hatch).text.split("\n")[0]
    assert first.startswith("Yes.") and "basement hatchway shall be reasonably weathertight" in first, first


def test_an_officer_the_text_says_may_require_a_thing_can(kb):
    question = "howard inspector says i need handrails on every stair in my rental. can he actually require that"
    assert question_form.question_kind(question) == "yes_no"  # the asking sentence opens with "can", without a "?"
    first = ask(kb, "howard", "stairs_handrails_exits", question).text.split("\n")[0]
    assert first.startswith("Yes.") and "may require a handrail" in first, first
    rule = "The Building Inspector may require a handrail for each stair if deemed necessary."
    assert question_form.yes_no("Does the code give the Inspector that authority?", rule) == "Yes"


def test_a_lease_putting_it_on_the_tenant_does_not_move_the_duty(kb):
    question = "muskego lease says tenant is responsible for all repairs n code stuff. so if the inspector finds something thats on them not me right"
    assert question_form.question_kind(question) == "yes_no"  # not "who": whether the lease relieves the owner
    first = ask(kb, "muskego", "code_precedence", question).text.split("\n")[0]
    assert first.startswith("No.") and "shall not relieve any party" in first, first


def test_who_approves_a_shut_off_gets_the_body_that_approves(kb):
    question = "village of dresser - need 2 shut the water off 2 my rental bldg for an emergency main repair. who has 2 ok that"
    assert duty_asked(kb, "utility_shutoffs", question) is None  # an officer's role, not the parties' duty
    assert "Department of Public Works" in ask(kb, "dresser", "utility_shutoffs", question).text.split("\n")[0]


def test_pointing_to_a_permit_is_asking_whether_it_is_a_defense(kb):
    first = ask(kb, "dresser", "penalties", "dresser health officer gave me my permit, now says im in violation. cant i just point to the permit?")
    assert first.text.startswith("No.") and "shall not constitute a defense" in first.text.split("\n")[0], first.text


def test_a_sentence_stating_the_figure_asked_leads_over_a_figure_of_something_else(kb):
    question = "health officer in dresser just suspended my rooming house permit. how long do i have to ask for a hearing before its gone for good"
    first = ask(kb, "dresser", "rooming_houses", question).text.split("\n")[0]
    assert "within 10 days" in first and "24 hours" not in first, first


def test_a_topic_the_code_leaves_alone_gives_way_to_the_classifiers_next_topic_that_matches(kb):
    """Dresser sets no window rule for dwellings, but its rooming houses need shades: "a room in a rooming house …
    no blinds. Does the owner have to put something up?" taken for windows gets the rooming-house provision."""
    question = (
        "I rent a room in a rooming house in Dresser and my only window faces the street with no blinds, nothing. "
        "People walking by can see right in at night. Does the owner have to put something up?"
    )
    ranking = [("ask_windows_light_ventilation", 0.47), ("ask_rooming_houses", 0.28), ("ask_bathroom_kitchen_facilities", 0.08)]
    first = answer_topic(kb, "dresser", "windows_light_ventilation", question=question, ranking=ranking).text.split("\n")[0]
    assert "shades, draw drapes" in first, first
    # with no other topic to turn to, the text is silent and says so
    silent = answer_topic(kb, "dresser", "windows_light_ventilation", question=question, ranking=ranking[:1])
    assert "does not address" in silent.text.split("\n")[0], silent.text


def test_the_defect_described_is_cited_with_the_list_of_defects_that_make_a_dwelling_unfit(kb):
    question = (
        "The house I rent in Holland is falling apart. Part of the kitchen ceiling came down, there are roaches "
        "everywhere and the back porch is rotted through. Can the town actually declare the place unfit to live in?"
    )
    quotes = [c["quote"] for c in ask(kb, "holland", "unfit_dwellings", question).payload["citations"][:2]]
    assert any("so damaged, decayed, dilapidated" in q for q in quotes), quotes


def test_a_short_question_pointing_back_is_read_with_the_sentence_it_points_to(kb):
    """ "… Now the landlord has texted that he's shutting off our water on Friday unless we pay everything. Can he
    really do that?": "that" is the shut-off the sentence before tells, and the code forbids it."""
    question = (
        "We fell two weeks behind on rent in the Town of Holland because my hours got cut. Now the landlord has texted "
        "that he's shutting off our water on Friday unless we pay everything. Can he really do that?"
    )
    assert question_form.asking_with_antecedent(question, kb.meta("back_references"), 6).startswith("Now the landlord")
    first = ask(kb, "holland", "utility_shutoffs", question).text.split("\n")[0]
    assert first.startswith("No.") and "shut off" in first, first


def test_a_figure_this_code_does_not_state_is_said_to_be_missing(kb):
    question = "For the Town of Holland, what percentage of a habitable room's required window area must be capable of being opened?"
    first = ask(kb, "holland", "windows_light_ventilation", question).text.split("\n")[0]
    assert "does not state the openable area" in first, first
    height = ask(kb, "holland", "stairs_handrails_exits", "town of holland what height do the handrails on basement stairs have to be")
    assert "does not address" in height.text.split("\n")[0], height.text


def test_words_of_a_defense_or_of_telling_him_no_are_read(kb):
    defense = "if the village of dresser gave me a rooming house permit can i use that as my defense if they cite me for violations later"
    assert question_form.RELIEF.search(defense)
    assert question_form.question_kind("where does the chapter direct him for further relief?") == "open"  # not yes/no
    vocabulary = kb.fact_vocabulary()
    from knowledge import facts

    told = "He wants to come in Saturday at 10 am to fix the leaking toilet. We're in the Town of Holland. Can I just tell him no?"
    assert facts.refusing_side(told, vocabulary, "tenant") == vocabulary.sides.get("occupant")


def test_a_permission_forbidden_unless_its_conditions_are_met_is_neither_yes_nor_no(kb):
    """ "No basement space shall be used as a habitable room … unless:" answers "can I rent out my basement as a
    bedroom?" with its conditions, not a plain "No" (a question describing the condition that fails still gets "No":
    test_a_list_item_the_question_describes_is_cited_first_and_its_lead_in_settles_the_yes_or_no)."""
    answer = ask(kb, "holland", "basements", "can i rent out my basement in holland as a bedroom? whats required")
    assert answer.text.startswith("Yes, but only if its conditions are met."), answer.text
    assert "unless" in answer.payload["citations"][0]["quote"], answer.payload["citations"][0]


def test_the_counts_settle_whether_the_bathrooms_are_enough(kb):
    """The people and the bathrooms a question counts, against one set per eight persons or fraction thereof."""
    short = ask(kb, "dresser", "rooming_houses", "rooming house in Dresser, 9 of us renters plus the owner's family of 3, and we all share one bathroom. Is that legal?")
    assert short.text.startswith("No: for 12 persons, at least 2 are needed"), short.text
    assert "1 falls short" in short.text.split("\n")[0] and "\nYes." not in short.text, short.text
    enough = ask(kb, "dresser", "rooming_houses", "dresser rooming house, 6 roomers and one bathroom, is that ok?")
    assert enough.text.startswith("Yes: for 6 persons, at least 1 is needed"), enough.text


def test_a_fine_for_days_where_each_day_is_a_separate_offense(kb):
    answer = ask(kb, "howard", "penalties", "howard fine for housing code - if the violation went on 5 days how much could i get hit with")
    assert answer.text.startswith("Up to 5 × $200 = $1,000"), answer.text
    assert any("Each day such violation continues" in c["quote"] for c in answer.payload["citations"])
    # no days said: the fine itself
    assert not ask(kb, "howard", "penalties", "what is the fine in howard?").text.startswith("Up to")
    # a month counts as 30 days, and says so
    month = ask(kb, "howard", "penalties", "n if i dont fix it 4 a month?").text
    assert month.startswith("Up to 30 × $200 = $6,000 for 1 month counted as 30 days"), month


def test_after_a_story_the_provision_the_asking_sentence_names_leads(kb):
    """ "I asked for a hearing … What happens if I just don't go?": the failure to appear, not the thirty days to
    file that the story matches as well."""
    answer = ask(
        kb, "howard", "notices_hearings_appeals",
        "I asked for a hearing about an order on the house I rent in Howard, but I might have to work that day. "
        "What happens if I just don't go?",
    )
    assert "failure of the petitioner or his representative to appear" in answer.text.split("\n")[0], answer.text


def test_a_figure_the_code_leaves_out_is_missing_though_the_question_names_the_place(kb):
    """The place's and the code's names weigh nothing in telling which figure is asked: Amery states no handrail
    height."""
    answer = ask(kb, "amery", "stairs_handrails_exits", "amery - what height do handrails need to be on interior stairs per the city housing code?")
    assert answer.text.startswith("The City of Amery code text does not state the height of handrails"), answer.text


def test_the_topic_the_asking_sentence_names_answers_when_the_guessed_one_has_nothing(kb):
    answer = ask(kb, "holland", "ceiling_height", "The house we rent in Holland has rats everywhere and part of the kitchen ceiling is caving in. Can the town condemn it?")
    assert "shall be condemned as unfit for human habitation" in answer.text.split("\n")[0], answer.text


def test_whose_approval_asks_for_the_officer_or_body_that_approves(kb):
    answer = ask(kb, "dresser", "utility_shutoffs", "Whose approval is required for a temporary emergency discontinuance of a service or utility to an occupied dwelling unit in Dresser?")
    assert "Department of Public Works" in answer.text.split("\n")[0], answer.text
    assert "does not say who is responsible" not in answer.text, answer.text


def test_the_city_code_named_in_a_question_is_no_word_to_match(kb):
    """ "Is that enough window under the city code?": "code" is not the Wisconsin Administrative Code of the
    basement-windows rule."""
    answer = ask(kb, "amery", "windows_light_ventilation", "The living room in my Amery apartment is 15 by 18 feet and feels like a cave. Is that enough window under the city code?")
    assert "basement" not in answer.text.split("\n")[0].lower(), answer.text


def test_days_that_are_no_violation_going_on_compute_no_fine(kb):
    answer = ask(kb, "howard", "penalties", "I moved out of my Town of Howard apartment 6 weeks ago and the landlord still hasn't returned my security deposit. What does the housing code say?")
    assert not answer.text.startswith("Up to"), answer.text


def test_a_permission_the_code_grants_settles_a_can_question(kb):
    # "Upon a complaint by any person … the Building Inspector may inspect": Yes, before the occupant's access duty
    answer = ask(kb, "amery", "inspections", "can I get the city building inspector to come out and look at it?")
    assert answer.text.startswith("Yes. ") and "Upon a complaint by any person" in answer.text, answer.text


def test_a_follow_up_for_a_fix_gets_the_shut_off_rules_exception(kb):
    # "because" weighs nothing; "fixing" is the repairs the exception names
    answer = ask(kb, "amery", "utility_shutoffs", "he says its because hes fixing a pipe. is that allowed then?")
    assert "temporary interruption" in answer.text and "Unfit dwellings" not in answer.text, answer.text


def test_the_methods_of_service_lead_with_how_a_notice_is_served(kb):
    answer = ask(kb, "howard", "service_of_notices", "What methods of service are valid for a notice and order under the Town of Howard housing ordinance?")
    assert "shall be served upon the owner, occupant or agent in person" in answer.text.split("\n")[0], answer.text


def test_a_remark_after_the_question_is_no_second_question(kb):
    answer = ask(kb, "dresser", "rooming_houses", "does my bedroom window have to have blinds or curtains? mine has nothing and people walking by can see right in")
    assert "On the rest of the question" not in answer.text, answer.text


def test_after_a_story_the_sentence_that_sets_the_time_asked_leads(kb):
    answer = ask(kb, "howard", "unfit_dwellings", "The inspector ordered our landlord in the Town of Howard to get everyone out of "
                 "the building because he never fixed stuff. How long do we have to move out?")
    # (the time to vacate leads, as its figure or as its sentence; not what follows when the owner fails to comply)
    head = "\n".join(answer.text.split("\n")[:2])
    assert "must be vacated: 60 days" in head or "vacated within a reasonable time, not to exceed 60 days" in head, answer.text
    assert "Dwellings shall be vacated within a reasonable time, not to exceed 60 days." in head


def test_a_toilet_shared_with_the_next_unit_is_met_by_the_units_own_bathroom(kb):
    answer = ask(kb, "amery", "bathroom_kitchen_facilities", "in amery, the only toilet for our apartment is in a room off the "
                 "hallway that we share with the unit next door. is that legal?")
    assert "shall contain a room within its walls" in answer.text.split("\n")[0], answer.text


def test_whether_a_basement_counts_as_habitable_gets_its_conditions(kb):
    # "No basement space shall be used as a habitable room … unless:": neither a plain yes nor a plain no (an item's
    # "as required in § 190-7A" is no requirement of its own)
    first = ask(kb, "holland", "basements", "does a basement count as a habitable room in holland?").text.splitlines()[0]
    assert first.startswith("Yes, but only if its conditions are met.") and "No basement space" in first, first


def test_a_shut_off_for_repairs_gets_the_exception(kb):
    # "No owner … shall cause any … utility … to be … shut off …, except for such temporary interruption as may be
    # necessary while actual repairs or alterations are in process …"
    first = ask(kb, "holland", "utility_shutoffs", "town of holand wi - can landlord shut water off to fix a pipe").text
    first = first.splitlines()[0]
    assert first.startswith("Yes, but only if its conditions are met.") and "actual repairs or alterations" in first, first
    plain = ask(kb, "holland", "utility_shutoffs", "can my landlord shut off my water? holland").text.splitlines()[0]
    assert plain.startswith("No."), plain
    assert duty_asked(kb, "utility_shutoffs", "May a Muskego owner temporarily shut off water during repairs?") is None


def test_a_provision_limited_to_fewer_units_than_the_building_has_does_not_lead(kb):
    # "… containing not more than four dwelling units may be supplied with … light switches" is not for six units
    first = ask(kb, "holland", "public_halls_lighting", "6 unit bldg in holland, do hallway lights have to be on 24/7 or can i put switches")
    first = first.text.splitlines()[0]
    assert "five or more dwelling units shall be adequately lighted at all times" in first, first
    small = ask(kb, "holland", "public_halls_lighting", "3 unit bldg in holland, can i put switches on the hallway lights").text
    assert "not more than four dwelling units" in small.splitlines()[0], small


def test_a_figure_the_code_does_not_state_comes_first_when_another_is_named_less(kb):
    """Asked the term of Dresser's board members (not stated), the quorum (stated, but not what was asked) does not
    lead: the silence does, and whom to ask."""
    answer = ask(kb, "dresser", "appeals_board", "How long are the terms of members of Dresser's Board of Zoning Appeals?")
    assert answer.text.startswith("The Village of Dresser code text does not state the term")
    assert "Health Officer" in answer.text


def test_asked_when_a_prohibited_thing_is_allowed_the_exception_is_shown(kb):
    answer = ask(kb, "amery", "utility_shutoffs", "Under Amery's code, when may a required utility be discontinued to an occupied rental dwelling?")
    assert "except for such temporary interruption" in answer.text.split("\n")[0]


def test_a_temperature_named_is_compared_with_its_own_topic(kb):
    """ "keep the heat at 70?" names heating's own figure: heating answers, not the hot-water figure compared."""
    from knowledge.compose.computed import temperature_topic

    asked = "does my landlord have to keep the heat at 70? we're in holland (the town in WI)"
    assert temperature_topic(kb, "holland", asked, ["heating", "hot_water"]) == "heating"
    assert temperature_topic(kb, "holland", asked, [None, "hot_water", "heating"]) == "hot_water"  # the order given


def test_a_short_question_after_a_claim_asks_about_the_claim(kb):
    """ "landlord says 65 degrees is fine in winter. is it?": No, 65° is below the 70° required."""
    answer = ask(kb, "amery", "heating", "landlord says 65 degrees is fine in winter. is it? amary wi")
    assert answer.text.startswith("No. 65° is below the 70° F.")


def test_a_yes_no_question_its_best_provision_barely_matches_is_not_addressed_directly(kb):
    """ "can my landlord rent out the basement as a bedroom?" in Howard meets only the basement windows' screens: the
    answer says the text does not address it directly, gives that provision, and names whom to ask."""
    answer = ask(kb, "howard", "basements", "can my landlord rent out the basement as a bedroom in Town of Howard?")
    assert answer.text.startswith("The Town of Howard code text does not address this directly;")
    assert "12.06(2)(b)" in answer.text and "Building Inspector" in answer.text
    # a provision that matches the question well still gets its plain verdict
    well = ask(kb, "muskego", "screens", "do screen doors have to be self closing in muskego")
    assert well.text.startswith("Yes.")


def test_a_chapter_number_is_no_temperature_and_a_complaint_asks_for_the_inspection(kb):
    from knowledge.compose.computed import temperature_topic

    asked = "How does Chapter 190 of the Town of Holland define a rooming house?"
    assert temperature_topic(kb, "holland", asked, ["hot_water", "heating"]) is None
    inspect = ask(kb, "amery", "inspections", "can I get the city to inspect my apartment in Amery if my landlord won't fix stuff?")
    assert inspect.text.startswith("Yes.") and "Upon a complaint by any person" in inspect.text


def test_a_length_stated_against_a_limit_is_compared(kb):
    """Muskego's basement floor may be at most three feet six inches below grade: 4 ft is "No", 3 ft is yes on that
    figure only (the ceiling rule still applies)."""
    deep = ask(kb, "muskego", "basements", "basement apt in my muskego duplex, floor is 4 ft below grade. can i rent it out as a unit")
    assert deep.text.startswith("No. 4 ft is more than the three feet six inches"), deep.text
    shallow = ask(kb, "muskego", "basements", "muskego basement floor is 3 feet below grade, ok for a bedroom?")
    assert shallow.text.startswith("On that figure, yes: 3 ft is not more than"), shallow.text


def test_outlets_and_a_light_fixture_are_counted_against_the_rooms_figure(kb):
    """Two outlets, or one and a supplied light fixture: one outlet and no light fixture is "No"."""
    short = ask(kb, "muskego", "electrical", "My bedroom in Muskego has one outlet and no light fixture at all. Is that allowed?")
    assert short.text.startswith("No. With 1 outlet and no light fixture, the room falls short"), short.text
    lit = ask(kb, "holland", "electrical", "holland bedroom has one outlet and a ceiling light. ok?")
    assert lit.text.startswith("Yes. With 1 outlet and a light fixture, the room meets"), lit.text
    assert ask(kb, "holland", "electrical", "how many outlets does a bedroom need in holland?").payload.get("compared") is None


def test_the_codes_own_temperature_asked_as_a_duty_is_a_yes(kb):
    hot = ask(kb, "muskego", "hot_water", "muskego duplex, when the furnace is off for the summer do i still need hot water at 120?")
    assert hot.text.startswith("Yes. In the City of Muskego"), hot.text
