# shashki — English messages (Fluent). Every id here must also be in ru.ftl.

help =
    Russian draughts (shashki). Commands:
    /challenge ai 3 white — play the AI (levels 1–8; white, black or random)
    /challenge @name 3 — challenge someone, 3 days per move (1–14, or unlimited)
    /challenge — an open challenge anyone here can accept
    /move e3-d4 — make a move (captures: c3:e5, or c3:e5:g7 for several)
    /board — show the board · /games — your games and whose turn it is
    /draw — offer or accept a draw · /resign — give up
    /pdn — the game record · /top — this chat's ratings
    /vacation 7 — pause your clocks for 7 days · /settings — language, theme, board
    You can also just send a move like e3-d4, or press the buttons.

unknown-command = I don't know /{ $command }. Send /help for the list of commands.
move-usage = Write the move after /move, for example: /move e3-d4
button-invalid = That button is not valid any more.
button-stale = The position has changed since this button was shown: look at the new board.
button-back = ‹ back
choose-target = Where should the piece on { $square } go?
choose-piece = Which piece do you move?
resign-confirm = Resign game #{ $game }? This cannot be undone.
button-resign-yes = Yes, resign
not-a-player = You are not playing in game #{ $game }.
game-already-over = Game #{ $game } is already over.
ai-name = AI (level { $level })
duration-days = { $days ->
    [one] { $days } day
   *[other] { $days } days
}
duration-days-hours = { $days ->
    [one] { $days } day
   *[other] { $days } days
} { $hours } h
duration-hours-minutes = { $hours } h { $minutes } min
duration-minutes = { $minutes } min
no-deadline = no time limit
board-caption = #{ $game } · { $white } – { $black } · move { $move }
to-move = { $player } ({ $color ->
    [white] White
   *[black] Black
}) to move.
time-left = Time left: { $time }.
button-draw = ½ Draw
button-resign = ⚑ Resign
button-accept = ✔ Accept
button-decline = ✖ Decline
button-accept-draw = ✔ Accept draw
button-decline-draw = ✖ Play on
challenge-bad-word = I did not understand “{ $word }”. Example: /challenge @anna 3 white, or /challenge ai 5 black.
challenge-bad-level = Level { $level } does not exist: the AI has levels 1 to 8.
challenge-bad-days = { $days } days per move is not possible: choose 1 to 14, or “unlimited”.
challenge-self = You cannot challenge yourself.
challenge-card = Challenge #{ $id }: { $from } { $open ->
    [yes] invites anyone here to a game.
   *[no] challenges { $to }.
} { $from } plays { $color ->
    [white] White
    [black] Black
   *[random] a random colour
}; { $per_move } per move. Open for { $expires }.
no-open-challenge = There is no open challenge for you here. Start one with /challenge.
challenge-unknown = There is no challenge #{ $id } in this chat.
challenge-closed = Challenge #{ $id } is no longer open.
challenge-own = That is your own challenge: someone else has to accept it.
challenge-not-for-you = This challenge is addressed to someone else.
challenge-cancelled = { $name } withdrew challenge #{ $id }.
challenge-declined = { $name } declined challenge #{ $id }.
challenge-expired = Challenge #{ $id } expired: nobody accepted it.
game-started = Game #{ $game } begins: { $white } (White) against { $black } (Black), { $per_move } per move.
game-unknown = There is no game { $game }.
no-active-game = You have no game in progress here. Start one with /challenge.
which-game = You have several games here ({ $games }): add the number, e.g. /board { $games }.
not-your-turn = It is not your turn in any of your games here.
move-illegal = Game #{ $game }: { $error }
move-which-game = { $move } is legal in several of your games. Which one?
move-empty = No move given: write it like e3-d4 or c3:e5.
move-bad-square = “{ $token }” is not a dark square (a1…h8, or 1…32).
move-none = There is no legal move: the game is over.
move-ambiguous = { $input } could mean { $candidates }: please write the whole move.
why-empty-square = there is no piece on { $square }
why-not-your-piece = the piece on { $square } is not yours
why-must-capture = a capture is compulsory
why-capture-not-finished = the capture goes on and must be finished
why-cannot-move = the piece on { $square } cannot go there
move-not-legal = { $input } is not a legal move. Legal moves: { $legal }.
move-not-legal-why = { $input } is not a legal move ({ $why }). Legal moves: { $legal }.
move-played = { $player }: { $move }
reason-no-moves = no legal moves left
reason-resignation = resignation
reason-timeout = the time for a move ran out
reason-agreement = by agreement
reason-repetition = the same position occurred three times
reason-kings-only = 15 moves with kings only
reason-lone-king = three kings did not catch the lone king in 15 moves
reason-long-diagonal = the lone king held the long diagonal
reason-balance = no change in the balance of forces
result-win = { $winner } ({ $color ->
    [white] White
   *[black] Black
}) wins: { $reason }. Result { $result }.
result-draw = Draw: { $reason }. Result 1-1.
board-headline = Game #{ $game }
games-none = You have no games in progress.
games-header = Your games:
games-line = #{ $game } against { $opponent } (you play { $color ->
    [white] White
   *[black] Black
}) — { $my_turn ->
    [yes] your move
   *[no] their move
}, { $left }
games-in-chat = — in { $chat }
resigned = { $player } resigned game #{ $game }.
draw-agreed = Game #{ $game }: draw agreed.
draw-already-offered = You have already offered a draw; waiting for the answer.
draw-ai-declines = The AI declines the draw and plays on.
draw-offered = { $player } offers a draw in game #{ $game }. { $opponent }, do you accept?
draw-none-to-decline = There is no draw offer to decline.
draw-declined = { $player } declined the draw in game #{ $game }. Play goes on.
settings-saved = Saved.
settings-bad-value = “{ $value }” is not a valid { $key }: choose { $allowed }.
settings-unknown = There is no setting “{ $key }”. Settings: lang, chatlang, theme, orientation, days.
settings-show =
    Settings: language { $lang }, theme { $theme }, board { $orientation }, { $days } days per move by default.
    Change with: /settings lang ru · /settings theme contrast · /settings orientation white|auto|mover · /settings days 5
top-empty = No rated games in this chat yet: ratings count games between people.
top-header = Ratings in this chat (Glicko-2):
top-line = { $place }. { $name } — { $rating } ±{ $deviation } ({ $wins } won, { $draws } drawn, { $losses } lost)
vacation-usage = Send /vacation N to pause your clocks for N days. You have { $left } days left this year.
vacation-too-long = You asked for { $days } days but have { $left } vacation days left this year.
vacation-set = Your clocks are paused for { $days ->
    [one] { $days } day
   *[other] { $days } days
}. Vacation days left this year: { $left }.
vacation-announce = { $player } is on vacation for { $days ->
    [one] { $days } day
   *[other] { $days } days
}: the clock in game #{ $game } is paused. { $opponent }, your deadlines are unchanged.
timed-out = { $player } did not move in time in game #{ $game }.
reminder = { $player }, your move in game #{ $game }: { $left } left.

## Bot adapters: command menus (Telegram setMyCommands, Discord slash commands).
## Descriptions: at most 100 characters.
cmd-help = How to play and the list of commands
cmd-challenge = Challenge someone, the whole chat, or the AI
cmd-accept = Accept a challenge
cmd-decline = Decline or withdraw a challenge
cmd-move = Make a move, e.g. e3-d4 or c3:e5:g7
cmd-board = Show the board of your game
cmd-games = Your games and whose turn it is
cmd-resign = Resign your game
cmd-draw = Offer or accept a draw
cmd-pdn = The game record (PDN)
cmd-settings = Language, board theme, orientation, days per move
cmd-top = This chat's ratings
cmd-vacation = Pause your clocks for some days
opt-challenge-target = Whom: ai, or a user (empty: anyone in this channel)
opt-challenge-level = AI level, 1 (easiest) to 8
opt-challenge-days = Days per move, 1 to 14
opt-challenge-colour = Your colour
opt-colour-white = White
opt-colour-black = Black
opt-colour-random = Random
opt-move-text = The move, e.g. e3-d4 or c3:e5
opt-game = Game number (when you play several here)
opt-challenge-id = Challenge number
opt-settings-key = lang, chatlang, theme, orientation or days
opt-settings-value = The new value
opt-vacation-days = Days to pause your clocks
select-move = Choose a move ({ $first } … { $last })

## Bot adapters: command menus (Telegram setMyCommands, Discord slash commands).
## Descriptions: at most 100 characters.
cmd-help = How to play and the list of commands
cmd-challenge = Challenge someone, the whole chat, or the AI
cmd-accept = Accept a challenge
cmd-decline = Decline or withdraw a challenge
cmd-move = Make a move, e.g. e3-d4 or c3:e5:g7
cmd-board = Show the board of your game
cmd-games = Your games and whose turn it is
cmd-resign = Resign your game
cmd-draw = Offer or accept a draw
cmd-pdn = The game record (PDN)
cmd-settings = Language, board theme, orientation, days per move
cmd-top = This chat's ratings
cmd-vacation = Pause your clocks for some days
opt-challenge-target = Whom: ai, or a user (empty: anyone in this channel)
opt-challenge-level = AI level, 1 (easiest) to 8
opt-challenge-days = Days per move, 1 to 14
opt-challenge-colour = Your colour
opt-colour-white = White
opt-colour-black = Black
opt-colour-random = Random
opt-move-text = The move, e.g. e3-d4 or c3:e5
opt-game = Game number (when you play several here)
opt-challenge-id = Challenge number
opt-settings-key = lang, chatlang, theme, orientation or days
opt-settings-value = The new value
opt-vacation-days = Days to pause your clocks
select-move = Choose a move ({ $first } … { $last })
