/**
 * English: the reference catalog. Its keys are every locale's keys, and its refusal messages are the engine's
 * default `Refusal.message` (word for word what `refuse()` has always said). English traces keep the machine's
 * phase ids and seat codes where they have always shown them.
 */
export const en = {
  // Refusals (docs/reference.md): one sentence per code, spoken to the player.
  'refusal.INVALID_EVENT': 'That event is malformed: {problem|invalid}.',
  'refusal.UNKNOWN_SEAT': 'There is no seat {seat}: the seats are east, south, west and north.',
  'refusal.UNKNOWN_TILE': 'There is no tile {tile}: use codes like 1B, 5C, 9D, N, RD, F or J.',
  'refusal.ONLY_EAST': 'Only East may declare a winning opening hand.',
  'refusal.NOT_NOW': 'You cannot do that now ({phase}): {why|reason}.',
  'refusal.DECLARE_TOO_LATE': 'Too late to declare: a winning opening hand must be declared before the first pass is on the table.',
  'refusal.COURTESY_NOT_AGREED': 'Your courtesy pair has not agreed on a count yet: both of you offer 0 to 3 tiles first.',
  'refusal.NOTHING_TO_RETRACT': 'There is nothing to take back: you have no packet on the table, or it has already been passed and seen.',
  'refusal.NOT_SHORT': 'Only North, when holding 12 tiles, may draw the missing tile from the wall.',
  'refusal.ALREADY_COMMITTED': 'Your packet is already on the table: wait for everyone to pass, or take it back first.',
  'refusal.ALREADY_VOTED': 'You have already answered "Does anyone want to stop?".',
  'refusal.ALREADY_OFFERED': 'You have already made your courtesy offer; it is final.',
  'refusal.BLIND_NOT_ALLOWED': 'A blind pass is allowed only on the last pass of each Charleston (the first left and the second right).',
  'refusal.WRONG_PACKET_SIZE': 'This packet must hold exactly {expected} tile(s); yours holds {actual}.',
  'refusal.COURTESY_COUNT_OUT_OF_RANGE': 'A courtesy offer is 0, 1, 2 or 3 tiles, not {count}.',
  'refusal.JOKER_NOT_PASSABLE': 'Jokers can never be passed: it goes back to your rack; choose a natural tile.',
  'refusal.TILE_NOT_IN_RACK': 'You do not have {tile} in your rack (counting duplicates).',
  'refusal.NOT_A_WINNING_HAND': "East's rack is not a winning hand, so the Charleston goes on.",
  'refusal.NOT_A_WINNING_HAND.validatorFailed': "The winning-hand check failed ({problem|validator}), so East's declaration does not count and the Charleston goes on.",

  // What is wrong with a malformed event (the `problem` parameter of INVALID_EVENT).
  'invalid.notObject': 'an event must be an object, got {got}',
  'invalid.unreadable': 'the event could not be read (a property threw when read)',
  'invalid.unknownType': 'unknown event type {got} (the types: pass.commit, pass.retract, vote.cast, courtesy.offer, courtesy.commit, hand.declareMahjong, wall.draw, misdeal.declare, hand.redeal)',
  'invalid.unknownField': '{type} has no field "{field}"',
  'invalid.missingField': '{type} needs a "{field}" field',
  'invalid.notSeatName': '"{field}" must be a seat name, got {got}',
  'invalid.notTileList': '"{field}" must be an array of tile codes, got {got}',
  'invalid.tooManyTiles': '"{field}" lists {length} tiles, more than a whole set ({max})',
  'invalid.notTileCode': '"{field}" must be a tile code, got {got}',
  'invalid.badBlind': '"blind" must be an integer 0–3, got {got}',
  'invalid.badVote': '"vote" must be "stop" or "continue", got {got}',
  'invalid.badCount': '"count" must be an integer, got {got}',
  'invalid.reasonNotText': '"reason" must be text, got {got}',
  'invalid.reasonTooLong': '"reason" is {length} characters, more than {max}',
  'invalid.listenerLoop': 'more than {max} events were sent from listeners during one send (a listener loop?), so this one is not applied',
  // Why a host's winning-hand validator failed (the `problem` parameter of NOT_A_WINNING_HAND's validatorFailed).
  'validator.threw': 'it threw {got}',
  'validator.notBoolean': 'it answered {got}, not true or false',

  // Why a hand is dead (views' `misdeal.reason`).
  'misdeal.wrongCount': 'wrong tile count: {counts}',
  'misdeal.holds': '{seat} holds {count}',
  'misdeal.declared': 'declared by {seat}',

  // Why an event is NOT_NOW (the `why` parameter of that refusal).
  'reason.noPassUnderWay': 'there is no pass under way',
  'reason.pairCourtesyOver': "your pair's courtesy pass is over",
  'reason.secondCharlestonBegun': 'the second Charleston has begun and must be finished',
  'reason.voteAtCheckpointOnly': 'the vote is taken only at the stop checkpoint, after the first left pass',
  'reason.handEnded': 'the hand has ended',
  'reason.redealAfterMisdealOnly': 'a redeal follows a misdeal only',
  'reason.passOnlyInCharleston': 'tiles are passed only during a Charleston pass',
  'reason.offersAfterCharleston': 'courtesy offers come after the Charleston',
  'reason.packetsAfterCharleston': 'courtesy packets come after the Charleston',

  // Phases (docs/reference.md, "States") and directions.
  'phase.firstCharleston.right': 'First Charleston: right',
  'phase.firstCharleston.across': 'First Charleston: across',
  'phase.firstCharleston.left': 'First Charleston: left',
  'phase.stopCheckpoint': 'Stop checkpoint',
  'phase.secondCharleston.left': 'Second Charleston: left',
  'phase.secondCharleston.across': 'Second Charleston: across',
  'phase.secondCharleston.right': 'Second Charleston: right',
  'phase.courtesy': 'Courtesy pass',
  'phase.complete': 'Charleston complete',
  'phase.eastMahjong': "East's winning opening hand",
  'phase.misdeal': 'Misdeal',
  'direction.right': 'Right',
  'direction.across': 'Across',
  'direction.left': 'Left',
  'seat.east': 'East',
  'seat.south': 'South',
  'seat.west': 'West',
  'seat.north': 'North',
  'mnemonic.rollor': 'ROLLOR: Right, Over, Left / Left, Over, Right ("Over" means across).',

  // Counts.
  'plural.tiles': { one: '{count} tile', other: '{count} tiles' },

  // Prompts: what a seat should do now (views' `prompt`).
  'prompt.pass.right': 'Pass three tiles to your right.',
  'prompt.pass.across': 'Pass three tiles across.',
  'prompt.pass.left': 'Pass three tiles to your left.',
  'prompt.blindFromRight': 'Blind pass allowed: you may forward up to three of the tiles arriving from your right without looking at them; the packet still holds three tiles.',
  'prompt.blindFromLeft': 'Blind pass allowed: you may forward up to three of the tiles arriving from your left without looking at them; the packet still holds three tiles.',
  'prompt.packetOnTable': 'Your packet is face down on the table: wait for everyone to pass.',
  'prompt.vote': 'Does anyone want to stop? Answer stop or continue.',
  'prompt.voted': 'You have answered; wait for the others.',
  'prompt.offer': 'Offer {partner|seat}, across from you, 0 to 3 tiles.',
  'prompt.offered': 'Wait for the offer of {partner|seat}.',
  'prompt.courtesyCommit': 'Pass {count|plural.tiles} to {partner|seat}.',
  'prompt.courtesyDone': 'Your courtesy pass is over.',
  'prompt.drawMissing': 'You hold 12 tiles: draw the missing tile from the wall.',
  'prompt.complete': "The Charleston is over: get ready for East's first discard.",
  'prompt.eastMahjong': 'East declared a winning opening hand.',
  'prompt.misdeal': 'Misdeal: the tiles are reshuffled and dealt again; East remains dealer.',
  'prompt.wait': 'Wait for the other players.',
} as const;
