# shashki — English messages (Fluent). Every id here must also be in ru.ftl.

help-head = Russian draughts (shashki). Commands:
help-line-move = /move e3-d4 — make a move (captures: c3:e5, or c3:e5:g7 for several)
help-line-board = /board — show the board
help-line-challenge =
    /challenge ai 3 white — play the AI (levels 1–8; white, black or random)
    /challenge @name 3 — challenge someone, 3 days per move (1–14, or unlimited)
    /challenge — an open challenge anyone here can accept
    /challenge @name casual — a casual game: no ratings, takebacks by agreement (/takeback)
    /challenge @name poddavki — another variant: poddavki (giveaway), brazilian, pool, english, czech, italian, portuguese; on 10×10 international, frisian, frysk, antidraughts, breakthrough; russian-10x8; bashni (towers); vigman (two games at once, two moves a turn) (or variant=pool); /settings variant X — the chat's default
help-line-games = /games — your games and whose turn it is
help-line-draw = /draw — offer or accept a draw
help-line-resign = /resign — give up
help-line-pdn = /pdn — the game record
help-line-top = /top — this chat's ratings (/top poddavki: another variant's)
help-line-vacation = /vacation 7 — pause your clocks for 7 days
help-line-notify = /notify on — a private message when it is your move in a group game (/notify off: no more)
help-line-settings = /settings — language, theme, board
help-line-puzzle = /puzzle — a puzzle to solve · /puzzle international — on 10×10 · /top puzzles
help-line-hint = /hint — a hint
help-line-daily = /daily on 09:00 +03:00 — a daily puzzle here (add international for 10×10)
help-line-tournament = /tournament new NAME — a correspondence tournament here (admins) · /tournament join · /standings · /help tournament
help-line-replay = /replay — the game as an animation
help-line-analyse = /analyse — the engine's analysis of a finished game
help-line-position = /position W:Wc3,e3:Bd6 — show any position from its FEN
help-line-help = /help rules — the rules of Russian draughts
help-tail = You can also just send a move like e3-d4, or press the buttons.

help-tournament =
    Correspondence tournaments in this chat:
    /tournament new NAME [rr|drr|swiss-N] [micro|single] [days N] [bank MOVES/DAYS] [leave N] [ballot fmjd|balanced] [VARIANT] [max N] [rated|casual] [until YYYY-MM-DD] — open one (admins). Defaults: rr (a round robin; drr: double; swiss-7: a Swiss event of 7 rounds), micro (two games a pairing from one balloted opening, colours reversed), the chat’s days per move (bank 10/30: 10 moves in 30 days, the unused time carried over), 30 leave days a player, ballot balanced, the chat’s variant (another, e.g. international or bashni: the engine’s balanced openings), max 20 players (2–64), rated.
    /tournament join · /tournament leave — enter; leave (after the start: withdraw) · /tournament remove @name — the same for someone else (admins)
    /tournament start — draw the pairings and start the games (admins)
    /tournament — the players, the games in progress, whose move · /tournament missing — the games holding the event up, with their deadlines
    /standings — the crosstable (text and picture) · /tournament pdn — all its games in one PDN file
    /tournament adjudicate GAME 1-0|0-1|1/2 — decide an unfinished game (admins); without a result: the engine’s evaluation and best move, as advice
    /tournament cancel — end the event; its games in progress end with no result (admins)
    /tournament pause N — take N leave days: all your games of the event where your clock runs get N more days
    With several tournaments in the chat, add the number: /tournament missing #2.
    Scoring: a win 2 points, a draw 1, a loss 0 a game (in brackets the same as 1, ½, 0); a micro-match scores 0–4.
    Ties: round robin — the number of wins (W), then Sonneborn-Berger (SB); Swiss — truncated Solkoff (Bh-1: the opponents’ points without the lowest), then Sonneborn-Berger, then wins, then the games between the tied players (H2H). Ratings never break ties.
    A casual tournament does not change ratings. A player who withdraws loses the games left; one who played fewer than half their games is annulled.

help-rules =
    Russian draughts: the rules.
    The board: 8×8, only the 32 dark squares are used; a1 is dark, at White’s lower left. Squares are named as in chess: files a–h, ranks 1–8.
    Each side starts with 12 men on the dark squares of its three nearest rows. White moves first; the players move in turn and may not pass.
    A man moves one square diagonally forward. A man that reaches the far row is crowned and becomes a king; a king moves any number of free squares along a diagonal.
    Capturing is compulsory: a piece jumps over an enemy piece to a free square beyond it. Men capture backwards too; a king captures at any distance and lands on any free square beyond. A capture goes on while the piece can take more; among several captures you choose any — not necessarily the one that takes the most.
    Taken pieces leave the board only when the move is over (the Turkish strike), and none may be jumped twice. A man that reaches the far row during a capture becomes a king at once and goes on capturing as a king.
    Notation: a move f4-g5, a capture f4:h6, several pieces f4:h6:f8:c5.
    A player who cannot move loses (all pieces taken or blocked); so does one who resigns or runs out of time.
    Draws: by agreement; the same position for the third time; 15 moves with kings only, no capture and no man moved; three kings (or more) that do not catch a lone king in 15 moves; a lone king holding the long diagonal a1–h8 against three pieces, not won in 5 moves; kings on both sides and no change in the balance of forces (2–3 pieces: 5 moves, 4–5: 30, 6–7: 60).

unknown-command = I don't know /{ $command }. Send /help for the list of commands.
move-usage = Write the move after /move, for example: /move e3-d4
something-went-wrong = Something went wrong with that; it was not saved. Please try again in a moment.
chat-busy = Too many requests in this chat at once; nothing was done. Please try again in a moment.
slow-down = Slow down, please: too many of your requests are waiting here, so the last ones were not taken. Try again in a minute.
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
board-caption = #{ $game }{ $variant ->
    [russian] {""}
   *[other] {" · "}{ $variant_name }
} · { $white } – { $black } · move { $move }{ $sub ->
    [first] {", first move of the turn"}
    [second] {", second move of the turn"}
   *[none] {""}
}{ $casual ->
    [yes] {" · casual"}
   *[no] {""}
}
to-move = { $color ->
    [white] White
   *[black] Black
} to play, { $player }.
time-left = Time left: { $time }.
clock-of-game = Game #{ $game }: { $clock }
move-number = Move { $move }:
turn-note = { $move }, { $player } to move.
turn-sub-move = { $sub ->
    [second] The second of the turn’s two moves.
   *[first] The first of the turn’s two moves.
}
turn-note-second = { $move }; { $player } makes the second move of the turn.
button-flip = ⇅ Flip
button-rematch = ↻ Rematch
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
handle-too-long = “@{ $handle }” cannot be anyone’s name: a @name has at most { $max } characters.
challenge-card = Challenge #{ $id }: { $from } { $open ->
    [yes] invites anyone here to a game.
   *[no] challenges { $to }.
} { $from } plays { $color ->
    [white] White
    [black] Black
   *[random] a random colour
}; { $per_move } per move{ $variant ->
    [russian] {""}
   *[other] , { $variant_name }
}{ $casual ->
    [yes] {", casual (unrated)"}
   *[no] {""}
}. Open for { $expires }.
no-open-challenge = There is no open challenge for you here. Start one with /challenge.
limit-challenges = You have { $limit } open challenges already: wait for answers, or withdraw one with /decline.
limit-games = You are playing { $limit } games already: finish one before starting another.
limit-chat-games = This chat has { $limit } games in progress already: finish one before starting another.
limit-ai-games = You are playing { $limit } games against the AI already: finish one first.
limit-opponent-games = Your opponent is playing { $limit } games already: they must finish one first.
challenge-unknown = There is no challenge #{ $id } in this chat.
challenge-closed = Challenge #{ $id } is no longer open.
button-share = 📨 Share
challenge-share-text = { $from } invites you to a game of draughts in «{ $chat }» (challenge #{ $id }).
challenge-link = Challenge #{ $id }: { $from } invites you to a game of draughts in «{ $chat }», { $per_move } per move ({ $variant_name }). Accept, and the game starts there.
challenge-accepted-there = You accepted: game #{ $game } begins in «{ $chat }».
challenge-own = That is your own challenge: someone else has to accept it.
challenge-not-for-you = This challenge is addressed to someone else.
challenge-cancelled = { $name } withdrew challenge #{ $id }.
challenge-declined = { $name } declined challenge #{ $id }.
challenge-expired = Challenge #{ $id } expired: nobody accepted it.
game-started = Game #{ $game } begins: { $white } (White) against { $black } (Black), { $per_move } per move{ $variant ->
    [russian] {""}
    [poddavki] . { $variant_name }: the side that loses all its pieces or cannot move wins
    [antidraughts] . { $variant_name }: the side that loses all its pieces or cannot move wins
    [breakthrough] . { $variant_name }: the first to crown a king wins
   *[other] . { $variant_name }
}.
game-unknown = There is no game { $game }.
no-active-game = You have no game in progress here. Start one with /challenge.
which-game = You have several games here ({ $games }): add the number, e.g. /board { $games }.
not-your-turn = It is not your turn in any of your games here.
not-your-turn-in = It is not your turn in game #{ $game }.
move-illegal = Game #{ $game }: { $error }
move-which-game = { $move } is legal in several of your games. Which one?
move-empty = No move given: write it like e3-d4 or c3:e5.
move-bad-square = “{ $token }” is not a dark square (a1…h8, or 1…32; on 10×10 1…50, on 10×8 a1…k8).
move-none = There is no legal move: the game is over.
move-ambiguous = { $input } could mean { $candidates }: please write the whole move.
why-empty-square = there is no piece on { $square }
why-not-your-piece = the piece on { $square } is not yours
why-must-capture = a capture is compulsory
why-capture-precedence = this variant's capture rules require another capture
why-capture-ends-earlier = the capture ends earlier
why-capture-not-finished = the capture goes on and must be finished
why-cannot-move = the piece on { $square } cannot go there
move-not-legal = { $input } is not a legal move. Legal moves: { $legal }.
move-not-legal-why = { $input } is not a legal move ({ $why }). Legal moves: { $legal }.
move-played = { $player }: { $move }
reason-no-moves = { $variant ->
    [poddavki] no moves left (in Poddavki that wins)
    [antidraughts] no moves left (in Antidraughts that wins)
    [breakthrough] a man reached the far rank (in Breakthrough the first king wins)
   *[other] the opponent has no move left
}
reason-resignation = the opponent resigned
reason-timeout = the opponent ran out of time
reason-agreement = by agreement
reason-repetition = the same position occurred three times
reason-kings-only = { $moves } moves with kings only, no capture, no man moved
reason-lone-king = { $variant ->
    [brazilian] the lone king was not caught in time (16 moves against three pieces, 5 against two)
    [international] the lone king was not caught in time (16 moves against three pieces, 5 against two)
    [frisian] the lone king was not caught in time
    [frysk] the lone king was not caught in time
   *[other] three kings did not catch the lone king in 15 moves
}
reason-long-diagonal = the lone king held the long diagonal
reason-balance = no change in the balance of forces
reason-withdrawal = the opponent withdrew from the tournament
reason-adjudicated = adjudicated by the organiser
reason-cancelled = the tournament was cancelled
result-win = { $winner } ({ $color ->
    [white] White
   *[black] Black
}) wins: { $reason }. Result { $result }.
result-draw = Draw: { $reason }. Result { $result }.
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
admins-only = Only the chat’s admins can change this.
variant-unknown = “{ $word }” is not a variant: choose russian, poddavki, brazilian, pool, english, czech, italian, portuguese, international, frisian, frysk, antidraughts, breakthrough, russian-10x8, bashni or vigman.
variant-russian = Russian draughts
variant-poddavki = Poddavki (giveaway)
variant-brazilian = Brazilian draughts
variant-pool = Pool checkers
variant-english = English draughts (checkers)
variant-czech = Czech draughts
variant-italian = Italian draughts
variant-portuguese = Portuguese draughts
variant-international = International draughts
variant-frisian = Frisian draughts
variant-frysk = Frysk!
variant-antidraughts = Antidraughts
variant-breakthrough = Breakthrough
variant-russian-10x8 = Russian draughts on 10×8
variant-bashni = Bashni (towers)
variant-vigman = Vigman’s double game
settings-saved = Saved.
settings-bad-value = “{ $value }” is not a valid { $key }: choose { $allowed }.
settings-unknown = There is no setting “{ $key }”. Settings: { $keys }.
settings-show =
    Settings: language { $lang }, theme { $theme }, board { $orientation }, { $days } days per move by default, reminders at { $reminders } left, boards { $boards }, { $variant } by default.
    Change with: /settings lang ru · /settings theme contrast · /settings orientation white|auto|mover · /settings days 5 · /settings reminders 50% 24h (or off) · /settings boards edit|new · /settings variant russian|poddavki|brazilian|pool|english|czech|italian|portuguese|international|frisian|frysk|antidraughts|breakthrough|russian-10x8|bashni|vigman
top-empty = No rated games of { $variant_name } in this chat yet: ratings count games between people.
top-header = Ratings in this chat, { $variant_name } (Glicko-2):
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
}: { $count ->
    [one] the clock in game { $games } is paused
   *[other] the clocks in games { $games } are paused
}. { $opponent }, your deadlines are unchanged.
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
cmd-clock = The time left in a game
cmd-games = Your games and whose turn it is
cmd-resign = Resign your game
cmd-draw = Offer or accept a draw
cmd-pdn = The game record (PDN)
cmd-settings = Language, board theme, orientation, days per move
cmd-settings-member = Your language here: /settings lang en|ru|lv|de|fr
cmd-settings-admin = This chat: chatlang, theme, orientation, days, boards; your lang
cmd-tournament-member = Tournaments: join, leave, pdn; /standings for the table
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
command-syntax = I did not understand “{ $word }” in { $command }. Write it so: { $syntax }
opt-state-on = on
opt-state-off = off
opt-help-rules = The rules
opt-help-tournament = Tournaments
opt-tournament-id = Tournament number (when there are several here)
opt-challenge-id = Challenge number
opt-settings-key = lang, chatlang, theme, orientation, days, boards or threads
opt-settings-value = The new value
opt-vacation-days = Days to pause your clocks
select-move = Choose a move ({ $first } … { $last })

## Puzzles (issue 7)
cmd-puzzle = A puzzle: find the winning blow
cmd-daily = The daily puzzle in this chat: on HH:MM +03:00, or off
cmd-hint = A hint for your puzzle
puzzle-caption = { $color ->
    [white] White
   *[black] Black
} to play and win
theme-shot = shot
theme-multi-capture = multiple capture
theme-breakthrough = breakthrough to king
theme-king-endgame = king endgame
theme-endgame = endgame
theme-game-win = wins the game
theme-material = wins material
button-puzzle-hint = 💡 Hint
button-puzzle-solution = Solution
button-puzzle-next = Next puzzle
puzzle-show = Puzzle #{ $id } · rating { $rating } · { $themes }
    { $color ->
        [white] White
       *[black] Black
    } to play and win ({ $moves } moves). Send your move (e.g. /puzzle { $example }, or just the move); /hint for a hint, /puzzle solution to give up.
puzzle-none = No puzzles are loaded.
puzzle-unknown = There is no puzzle { $id }.
puzzle-no-pack = There are no puzzles in { $variant } yet. Puzzles are there in: { $variants }.
puzzle-no-open = You have no puzzle open here: /puzzle gives you one.
puzzle-daily-done = You have already tried today's daily puzzle here.
puzzle-illegal = { $move } is not a legal move here. Legal: { $legal }
puzzle-wrong = Not this one ({ $move }). Try again: { $left ->
    [one] one more try
   *[other] { $left } more tries
}.
puzzle-failed = Not this one ({ $move }) — out of tries. The solution: { $solution }
puzzle-right = Right, { $move }! The reply: { $reply }. Your move.
puzzle-solved = Solved with { $move }! The solution: { $solution }
    Puzzle rating { $rating } ({ $delta }), streak { $streak }.
puzzle-solved-unrated = Solved with { $move }! The solution: { $solution }
puzzle-gave-up = Puzzle #{ $id }, the solution: { $solution }
puzzle-hint-square = Hint: the piece on { $square } starts it.
puzzle-hint-move = Hint: play { $move }.
puzzle-top-empty = No puzzles solved in this chat yet: /puzzle to start.
puzzle-top-header = Puzzle ratings in this chat:
puzzle-top-line = { $place }. { $name } — { $rating } ({ $solved } solved, { $failed } missed, streak { $streak }, best { $best })
daily-on = The daily puzzle is on: every day at { $time } ({ $offset }); the next one on { $date }.
# $variant (the variant's key) lets a language write the name its way in
# the sentence (lower-case in Russian, Latvian and French)
daily-on-variant = The daily puzzle ({ $variant ->
   *[other] { $variant_name }
}) is on: every day at { $time } ({ $offset }); the next one on { $date }.
daily-off = The daily puzzle is off in this chat.
daily-status-off = The daily puzzle is off here. Turn it on with /daily on 09:00 +03:00 (the chat's time and UTC offset).
daily-bad-time = { $value } is not a time: use HH:MM, e.g. 09:00.
daily-bad-offset = { $value } is not a time zone: use an offset such as +03:00 or -05:00, or a name such as Europe/Riga.
daily-post = Daily puzzle for { $date } — #{ $id } · rating { $rating } · { $themes }
    { $color ->
        [white] White
       *[black] Black
    } to play and win ({ $moves } moves). Send your first move; /hint for a hint.
daily-yesterday = The previous daily puzzle #{ $id }: { $solution }
daily-post-variant = Daily puzzle for { $date } ({ $variant ->
   *[other] { $variant_name }
}) — #{ $id } · rating { $rating } · { $themes }
    { $color ->
        [white] White
       *[black] Black
    } to play and win ({ $moves } moves). Send your first move; /hint for a hint.
opt-puzzle-text = Your move, a puzzle number, or “solution”
opt-puzzle-variant = A puzzle of this variant (Russian without it)
opt-daily-state = on or off
opt-daily-time = The chat's time of day, HH:MM
opt-daily-offset = The chat's UTC offset, e.g. +03:00
opt-daily-variant = Today's puzzle of this variant; with on: the variant posted every day

# The console's own frame (shashki console), around the bot's messages.
console-banner = shashki console — you are { $user }. /help lists commands; /as NAME switches user; /pick N presses a button; Ctrl-D quits.
console-downtime = (the bot was down for { $secs } s: deadlines were extended by that)
console-speaking-as = (now speaking as { $user })
console-pressed = (pressed “{ $label }”)
console-no-button = (no button { $n } — the last message had { $count } buttons)
console-board-image = [board image: { $path }]
console-attached = [{ $name } attached; /pdn shows it]
console-buttons = buttons:

# Tournaments
tournament-created = Tournament #{ $id } “{ $name }” is open: { $format ->
    [drr] a double round robin
    [swiss] a Swiss event of { $rounds } rounds
   *[other] a round robin
}{ $micro ->
    [yes] {" "}of micro-matches (two games a pairing from a balloted opening, colours reversed)
   *[other] {" "}of single games from a balloted opening
}, { $time }, { $leave } leave days each, ballot { $ballot }, { $rated ->
    [yes] rated
   *[other] casual (ratings do not change)
}, at most { $max } players. Join with /tournament join; an admin starts it with /tournament start.
tournament-variant = Played in { $variant }, from the engine’s balanced openings (no federation ballot exists for it).
tournament-ballot-variant = The FMJD ballot is Russian draughts’: a tournament of { $variant } draws from the engine’s balanced openings (leave out “ballot fmjd”).
tournament-joined = { $player } joins tournament #{ $id } “{ $name }” ({ $count } entered).
tournament-joined-late = { $player } joins tournament #{ $id } “{ $name }” late: a half-point bye for each of the { $rounds } rounds missed; paired from round { $next }.
tournament-left = { $player } leaves tournament #{ $id } “{ $name }” ({ $count } entered).
tournament-started = Tournament #{ $id } “{ $name }” begins: { $players } players, { $rounds ->
    [0] { $games } games, { $waiting ->
        [0] all at once
       *[other] { $now } now and the other { $waiting } in stages, as earlier games finish
    }
   *[other] round 1 of { $rounds }, { $games } games
}, { $time }. Your games: /games; a board: /board #N.
tournament-game-started = R{ $round } #{ $game } { $white } – { $black } · { $opening }
tournament-more-games = Tournament #{ $id } “{ $name }”: { $count ->
    [one] one more game begins
   *[other] { $count } more games begin
}:
tournament-waiting = { $count } more games wait to start: each starts as soon as both its players have room for it (at most { $limit } games in progress a player), and the chat too.
tournament-no-room = Tournament #{ $id } cannot start: one round is { $games } games, and this chat has room for { $room } more tournament games now (at most { $limit } games in progress here, { $share } of them in tournaments, so that the chat's other games always have room).
tournament-players-busy = Tournament #{ $id } cannot start: these players have no room for a round's { $games ->
    [one] game
   *[other] { $games } games
} (at most { $limit } games in progress a player): { $names }. They finish some first, or an admin takes them off with /tournament remove @name.
tournament-status = Tournament #{ $id } “{ $name }” ({ $status ->
    [open] open for entries
    [running] in progress
    [finished] finished
   *[other] cancelled
}, { $format }{ $micro ->
    [yes] , micro-matches
   *[other] {""}
}, { $rated ->
    [yes] rated
   *[other] casual
}, at most { $max } players). Players ({ $count }): { $players }
tournament-to-move = #{ $game } { $white } – { $black }: { $player } to move
tournament-progress = { $done } of { $games } games finished. Standings: /standings
tournament-standings = Standings of tournament #{ $id } “{ $name }”:
tournament-finished = Tournament #{ $id } “{ $name }” is over! { $count ->
    [one] The winner: { $winners }.
   *[other] Shared first place: { $winners }.
} Final standings:
tournament-pdn = Tournament #{ $id } “{ $name }”: { $games } games in PDN.
tournament-usage = Create a tournament: /tournament new NAME [rr|drr|swiss-N] [micro|single] [days N] [bank MOVES/DAYS] [leave N] [ballot fmjd|balanced] [VARIANT] [max N] [rated|casual] [until YYYY-MM-DD]; then /tournament join, /tournament start, /tournament, /standings, /tournament pdn, /tournament missing, /tournament pause N (leave days); /tournament leave withdraws (admins: /tournament remove @name, /tournament adjudicate GAME RESULT, /tournament cancel). All of it: /help tournament
tournament-bad-word = “{ $word }” is not a tournament option (rr, drr, micro, single, days N, bank MOVES/DAYS, leave N, ballot fmjd|balanced, max N, rated, casual, a variant: international, bashni, …). A Swiss event: swiss-7.
tournament-unknown = There is no tournament { $id } in this chat.
tournament-none = There is no tournament in this chat. An admin creates one with /tournament new NAME.
tournament-which = There are several tournaments here ({ $ids }): add the number, e.g. /tournament join { $ids }.
tournament-not-open = Tournament #{ $id } is not open for entries any more.
tournament-too-late = Tournament #{ $id } has paired { $rounds } rounds already: a late entry is taken only until half the rounds are paired.
tournament-already-in = You are already in tournament #{ $id }.
tournament-not-in = You are not in tournament #{ $id }.
tournament-too-few = A tournament needs at least 2 players; { $players } entered.
tournament-time-forfeits = { $player } has lost two games of tournament #{ $id } on time and is removed from it.
tournament-round = Tournament #{ $id } “{ $name }”: round { $round } of { $rounds } begins.
tournament-bye = R{ $round } { $player }: a bye (a won round’s points)
tournament-full = Tournament #{ $id } is full: { $limit } players.
tournament-not-entered = { $name } is not in tournament #{ $id }.
tournament-over = Tournament #{ $id } is over.
tournament-withdrawn = { $player } withdraws from tournament #{ $id } “{ $name }”{ $games ->
    [0] .
    [one] : { $games } game in progress is lost.
   *[other] : { $games } games in progress are lost.
} In the standings the unplayed games count as lost, or, if fewer than half were played, all of { $player }’s results are annulled.
tournament-cancelled = Tournament #{ $id } “{ $name }” is cancelled by { $admin }{ $games ->
    [0] .
    [one] : its game in progress ends with no result.
   *[other] : its { $games } games in progress end with no result.
} Ratings and standings do not count them.
tournament-missing = Tournament #{ $id } “{ $name }”{ $round ->
    [0] {""}
   *[other] , round { $round }
}: { $count ->
    [one] 1 game is
   *[other] { $count } games are
} still being played:
tournament-missing-line = R{ $round } #{ $game } { $white } – { $black }: { $player } to move, { $left }
tournament-missing-none = Tournament #{ $id } “{ $name }”: no game is being played.
tournament-overdue = the time is up
tournament-adjudicated = Game #{ $game } ({ $white } – { $black }) of tournament #{ $id } is adjudicated by { $admin }.
tournament-advice = Game #{ $game } { $white } – { $black }, { $player } to move. The engine’s advice (depth { $depth }): { $eval }; the best move { $best }. To decide: /tournament adjudicate { $game } 1-0, 0-1 or 1/2.
advice-eval-even = about even ({ $men } men)
advice-eval-better = { $side ->
    [white] White
   *[black] Black
} stands better by { $men } men
advice-eval-win = { $side ->
    [white] White
   *[black] Black
} wins by force (in { $plies } half-moves)
advice-no-move = none (no legal move)
tournament-crosstable-page = Tournament #{ $id } “{ $name }”: crosstable, page { $page } of { $pages }
tournament-bad-max = A tournament takes 2 to 64 players; “{ $max }” is not one of those numbers.
adjudicate-usage = Write the game and the result: /tournament adjudicate 12 1-0 (or 0-1, 1/2); without a result you get the engine’s advice.
adjudicate-bad-result = “{ $word }” is not a result: write 1-0 (White wins), 0-1 (Black wins) or 1/2 (a draw).
not-a-tournament-game = Game { $game } is not a game of a tournament of this chat.
tournament-removed = { $player } is taken off the list of tournament #{ $id } “{ $name }” ({ $count } entered).
cmd-tournament = Tournaments: new, join, leave, start, missing, adjudicate, cancel, pdn
opt-tournament-text = new NAME rr micro days 3 max 20 casual · join · leave · start · missing · cancel · pdn
opt-help-topic = A topic: rules or tournament
cmd-standings = A tournament's standings (crosstable)
replay-caption = Replay of game #{ $game }: { $white } – { $black }, { $plies } plies, { $result }.
position-caption = { $color ->
    [white] White
   *[black] Black
} to move, { $moves ->
    [0] no legal move (the side to move has { $stuck ->
        [won] won
       *[lost] lost
    })
    [one] one legal move
   *[other] { $moves } legal moves
}. FEN: { $fen }
bad-fen = That is not a position: { $error }. A FEN looks like W:W21-32:B1-12 (side to move, then the white and the black pieces; K before a king).
position-usage = Write a position after the command, for example /position W:Wc3,e3,Kh2:Bd6,f6 (a variant first for its rules and square numbers: /position italian W:W21,22:B9,10).
cmd-replay = The game as an animated replay (GIF)
cmd-position = Show any position from its FEN
opt-fen = The position, e.g. W:W21-32:B1-12
analyse-started = Analysing game #{ $game } ({ $plies } plies): the result comes here when the engine is done.
analyse-pending = Game #{ $game } is being analysed already; the result comes here when it is done.
analyse-unfinished = Game #{ $game } is still being played: it can be analysed when it has ended.
analyse-too-many = You have { $limit } analyses waiting already; ask again when they are done.
analyse-summary = Analysis of game #{ $game } (engine depth { $depth }):
    White { $white }: accuracy { $white_acc } %, inaccuracies ?! { $white_dubious }, mistakes ? { $white_mistakes }, blunders ?? { $white_blunders }{ $white_worst }
    Black { $black }: accuracy { $black_acc } %, inaccuracies ?! { $black_dubious }, mistakes ? { $black_mistakes }, blunders ?? { $black_blunders }{ $black_worst }
    The PDN has every mark and the better move after each mistake.
analyse-worst = ; the worst: { $move } — better { $better }
analyse-sub-move = { $move } ({ $which ->
    [first] first move of the turn
   *[second] second move of the turn
})
cmd-analyse = The engine's analysis of a finished game

# Clocks: bank time and leave days (issue 13)
tournament-time-per-move = { $per_move } per move
tournament-time-bank = a bank of { $moves } moves in { $days } days (the unused time carries over)
bank-left = Bank: White { $white }, Black { $black }; { $togo } moves to go for { $days } more days (every { $moves } moves).
tournament-bad-bank = “{ $word }” is not a bank: write MOVES/DAYS, e.g. bank 10/30 (1–100 moves in 1–365 days).
tournament-not-running = Tournament #{ $id } is not in progress.
leave-usage = Send /tournament pause N to pause your games of tournament #{ $id } for N days. You have { $left } leave days left in it.
leave-too-long = You asked for { $days } days but have { $left } leave days left in tournament #{ $id }.
leave-set = Your games of tournament #{ $id } “{ $name }” are paused for { $days ->
    [one] { $days } day
   *[other] { $days } days
}. Leave days left in it: { $left }.
leave-announce = { $player } takes { $days ->
    [one] { $days } leave day
   *[other] { $days } leave days
} in the tournament: { $count ->
    [one] the clock of game { $games } stops
   *[other] the clocks of games { $games } stop
} for them. { $opponent }, your deadlines do not change.
tournament-ends = Ends on { $date } (UTC): games unfinished by then go to the organiser’s adjudication.
tournament-bad-end = “{ $word }” is not an end date: write a day still to come as YYYY-MM-DD, for example until 2027-03-01.
tournament-past-end = Tournament #{ $id } “{ $name }” has reached its end date with { $count } games unfinished: the organiser adjudicates them (/tournament adjudicate GAME shows the engine’s advice; /tournament adjudicate GAME 1-0|0-1|draw decides).
if-stored = Stored for game #{ $game } (only you see it): { $line }. It is played for you the moment your opponent's move matches; any other move drops your lines.
if-none = You have no conditional moves in game #{ $game }. Write /if #{ $game } X Y: if your opponent plays X, Y is played for you at once.
if-list = Your conditional moves in game #{ $game }:
if-cleared = Game #{ $game }: { $count } conditional lines dropped.
if-in-public = Conditional moves are secret: send /if in a private chat with the bot (with the game number, /if #12 …), so your opponent does not read them here.
if-usage = Write your opponent's move and your reply, and more pairs if you like: /if #12 f6-g5 c3-d4 (g7-f6 b2-c3). /if #12 lists them, /if #12 clear drops them.
if-your-turn = It is your move in game #{ $game }: play it; conditional moves are for your opponent's turn.
if-illegal = Game #{ $game }: { $move } is not legal there ({ $error }); the line was not stored.
if-too-many = You keep { $limit } conditional lines in this game already; drop some with /if clear.
cmd-if = Conditional moves: if they play X, reply Y
opt-if-text = #game, then their move and your reply, e.g. #12 f6-g5 c3-d4
button-analyse = 🔍 Analyse
button-replay = ▶ Replay
challenge-from = From the position { $fen }.
takeback-done = { $player } took back their last move and the AI's answer in game #{ $game }.
takeback-rated = No takebacks in game #{ $game }: only in casual games, never in rated or tournament games.
takeback-wait = Game #{ $game }: wait for the AI's move, then take back.
takeback-nothing = Game #{ $game }: you have no move to take back yet.

cmd-notify = Private messages when it is your move: on or off
opt-notify-state = on or off
notify-is-on = Private notifications are on: I write to you when it is your move in a game in a group, when a reminder of your move is due, and when your opponent offers a draw or asks to take back a move. /notify off turns them off.
notify-is-off = Private notifications are off. /notify on: I write to you privately when it is your move in a game in a group.
notify-turned-on = Private notifications turned on: I will write to you when it is your move in a game in a group.
notify-turned-off = Private notifications turned off.
notify-usage = Usage: /notify on or /notify off (/notify: the current state).
notify-open-private = Telegram lets a bot write to you only after you have opened a private chat with it: press the button below, then Start.
button-open-private = 💬 Open a private chat
button-open-game = ♟ Open the game
notify-turn = Your move in game #{ $game } ({ $chat }): { $opponent } played { $move }.
notify-start = Game #{ $game } ({ $chat }) has begun: your move.
notify-reminder = Reminder: { $left } left for your move in game #{ $game } ({ $chat }).
notify-draw = { $player } offers a draw in game #{ $game } ({ $chat }).
notify-takeback = { $player } asks to take back their last move in game #{ $game } ({ $chat }).
settings-threads = Each new game in a thread of its own: { $state ->
    [on] on
   *[off] off
} (/settings threads on|off).
game-thread-name = Game #{ $game }: { $white } – { $black }
game-in-thread = Game #{ $game } is played in a thread of its own.
cmd-takeback = Take back your last move (casual games)
takeback-asked = { $player } asks to take back their last move in game #{ $game }. { $opponent }, do you agree?
takeback-agreed = { $opponent } agreed: { $player }’s last move in game #{ $game } is taken back.
takeback-declined = { $opponent } declined { $player }’s takeback in game #{ $game }.
takeback-pending = Game #{ $game }: a takeback request is waiting for an answer already.
takeback-lapsed = Game #{ $game }: that takeback request is no longer open (a move was made since, or it was answered).
takeback-not-yours = Game #{ $game }: only your opponent can answer your takeback request.
opt-challenge-rating = Rated or casual (unrated)
opt-rating-rated = Rated
opt-rating-casual = Casual
analyse-progress = Analysing game #{ $game }… { $percent } % ({ $done } of { $plies } plies)
analyse-files = Game #{ $game }: the evaluation graph and the annotated PDN.
analyse-failed = The analysis of game #{ $game } could not be made.
opt-challenge-opponent = Whom: pick a member of this server
opt-challenge-variant = Which draughts
opt-top-list = Which list: puzzle solvers or a variant's players
opt-top-puzzles = Puzzle solvers
inline-daily-title = Today's puzzle #{ $id }
inline-daily-description = { $color ->
        [white] White
       *[black] Black
    } to play and win in { $moves } moves · rating { $rating }
inline-daily-text = Today's draughts puzzle #{ $id }: { $color ->
        [white] White
       *[black] Black
    } to play and win in { $moves } moves. Can you solve it?
inline-daily-button = 🧩 Solve it
inline-daily-international-title = Today's International draughts puzzle #{ $id }
inline-daily-international-description = 10×10 · { $color ->
        [white] White
       *[black] Black
    } to play and win in { $moves ->
        [one] one move
       *[other] { $moves } moves
    } · rating { $rating }
inline-daily-international-text = Today's International draughts puzzle #{ $id } (10×10): { $color ->
        [white] White
       *[black] Black
    } to play and win in { $moves ->
        [one] one move
       *[other] { $moves } moves
    }. Can you solve it?
inline-play-title = Play draughts with me
inline-play-description = Post an invitation to a game of Russian draughts
inline-play-text = { $name } invites you to a game of Russian draughts: open the bot, or add it to a chat with you both and send /challenge.
inline-play-button = ♟ Play
takeback-declined-already = Game #{ $game }: your takeback was declined; you may ask again after the next move.

# the web board (issue 24)
cmd-web = Your link to the game (or to your open puzzle) on the web board
web-off = The web board is not set up on this bot.
web-link = Game #{ $game } on the web board (this link is yours alone, for { $hours } hours): { $url }
web-sent-private = I sent you the link in a private message.
web-title = Game #{ $game }
web-flip = Flip
web-pdn = PDN
web-draw = Offer a draw
web-resign = Resign
web-confirm-resign = Resign this game?
web-confirm-draw = Offer (or accept) a draw?
web-moves = Moves
web-link-invalid = This link does not open this page (it is wrong, expired or revoked). Ask the bot for a new one with /web.
web-slow-down = Too many requests: wait a moment.
web-private-game = Game #{ $game } belongs to a private chat: only its players open it on the web board.
web-spectators-off = In this group only the players open game #{ $game } on the web board (an admin may let everyone watch: /settings web on).
web-app-invalid = Telegram's sign-in for this page did not hold (forged or too old). Open the board again from the chat.
web-app-no-game = This page opens a game from its board in the chat: press "Open board" there.
web-app-opening = Opening the board…
button-open-board = 🌐 Open board
web-link-puzzle = Puzzle #{ $id } on the web board (this link is yours alone, for { $hours } hours): { $url }
web-link-tournament = Tournament #{ $id } “{ $name }” on the web board (this link is yours alone, for { $hours } hours): { $url }
web-tournament-spectators-off = In this group only the players of tournament #{ $id } open its page on the web board (an admin may let everyone watch: /settings web on).
web-puzzle-over = Your go at puzzle #{ $id } here is over: its solution is on the page.
puzzle-try-counted = You tried that move already in puzzle #{ $id }: it is not counted again.
web-piece-white-man = white man
web-piece-black-man = black man
web-piece-white-king = white king
web-piece-black-king = black king
web-puzzle-title = Puzzle #{ $id }
web-puzzle-task = { $color ->
    [white] White
   *[black] Black
} to play and win ({ $moves } moves) · rating { $rating } · { $themes }
web-puzzle-your-move = Your move: tap a piece, then the square it goes to (or drag it there).
web-puzzle-solved = Solved — well done!
web-puzzle-failed = This puzzle is over for you here: its solution is behind the button below.
web-puzzle-confirm-solution = Give up this puzzle and see its solution?
web-puzzle-solution-hidden = The solution shows once your go at this puzzle is over: solve it, or give up.
web-tournament-title = Tournament #{ $id } “{ $name }”
web-tournament-status = { $status ->
    [open] Open for entries
    [running] In progress
    [finished] Finished
   *[other] Cancelled
}
web-tournament-round = round { $round } of { $rounds }
web-tournament-crosstable = Crosstable
web-tournament-games = Games in progress
web-tournament-no-games = No game is in progress.
settings-web = The web board for everyone, not only the players: { $state ->
    [on] on
   *[off] off
} (/settings web on|off).
settings-web-set = The web board of this group's games: { $state ->
    [on] everyone may watch.
   *[off] their players only.
}
variant-not-playable = { $variant } cannot be played here yet: the bot does not keep its games yet. Choose another variant, for example /challenge @name international.
if-variant = Conditional moves pair one move of your opponent with one reply; a turn of { $variant } is two moves, so it has none.
