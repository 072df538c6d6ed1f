# shashki — deutsche Texte (Fluent). Jede id hier steht auch in en.ftl.
# Begriffe: Stein (gewöhnlicher Stein), Dame, schlagen/Schlagzug, Remis,
# Brett, Feld, Zug, Partie. Die Felder heißen wie im Schach: a–h, 1–8.

help-head = Russische Dame (Schaschki). Befehle:
help-line-move = /move e3-d4 — einen Zug machen (Schlagen: c3:e5, mehrere Steine: c3:e5:g7)
help-line-board = /board — das Brett zeigen
help-line-challenge =
    /challenge ai 3 white — gegen die KI spielen (Stufen 1–8; white, black oder random)
    /challenge @name 3 — jemanden herausfordern, 3 Tage pro Zug (1–14 oder unlimited)
    /challenge — eine offene Herausforderung, die hier jeder annehmen kann
    /challenge @name ungewertet — eine ungewertete Partie: ohne Wertung, Zugrücknahme nach Absprache (/takeback)
help-line-games = /games — deine Partien und wer am Zug ist
help-line-draw = /draw — Remis anbieten oder annehmen
help-line-resign = /resign — aufgeben
help-line-pdn = /pdn — die Partienotation
help-line-top = /top — die Wertung dieses Chats
help-line-vacation = /vacation 7 — deine Uhren 7 Tage anhalten
help-line-notify = /notify on — eine private Nachricht, wenn du in einer Gruppenpartie am Zug bist (/notify off: keine mehr)
help-line-settings = /settings — Sprache, Design, Brett
help-line-puzzle = /puzzle — eine Aufgabe lösen · /puzzle international — auf 10×10 · /top puzzles
help-line-hint = /hint — ein Tipp
help-line-daily = /daily on 09:00 +03:00 — eine tägliche Aufgabe hier (mit international auf 10×10)
help-line-tournament = /tournament new NAME — ein Fernturnier in diesem Chat (Admins) · /tournament join · /standings · /help tournament
help-line-replay = /replay — die Partie als Animation
help-line-analyse = /analyse — die Analyse einer beendeten Partie durch die Engine
help-line-position = /position W:Wc3,e3:Bd6 — eine beliebige Stellung aus ihrer FEN zeigen
help-line-help = /help rules — die Regeln der russischen Dame
help-tail = Du kannst auch einfach einen Zug wie e3-d4 senden oder die Knöpfe drücken.

help-tournament =
    Fernturniere in diesem Chat:
    /tournament new NAME [rr|drr|swiss-N] [micro|single] [days N] [bank ZÜGE/TAGE] [leave N] [ballot fmjd|balanced] [VARIANTE] [max N] [rated|casual] [until JJJJ-MM-TT] — ein Turnier eröffnen (Admins). Standard: rr (Rundenturnier; drr: doppelrundig; swiss-7: Schweizer System mit 7 Runden), micro (zwei Partien pro Paarung aus einer ausgelosten Eröffnung, mit vertauschten Farben), die Tage pro Zug des Chats (bank 10/30: 10 Züge in 30 Tagen, ungenutzte Zeit wird übertragen), 30 Urlaubstage pro Spieler, ballot balanced, die Variante des Chats (eine andere, etwa international oder bashni: die ausgewogenen Eröffnungen der Engine), höchstens 20 Spieler (2–64), rated.
    /tournament join · /tournament leave — teilnehmen; austreten (nach dem Start: sich zurückziehen) · /tournament remove @name — dasselbe für jemand anderen (Admins)
    /tournament start — die Paarungen auslosen und die Partien starten (Admins)
    /tournament — die Spieler, die laufenden Partien, wer am Zug ist · /tournament missing — die Partien, die das Turnier aufhalten, mit ihren Fristen
    /standings — die Kreuztabelle (Text und Bild) · /tournament pdn — alle Partien in einer PDN-Datei
    /tournament adjudicate PARTIE 1-0|0-1|1/2 — eine unbeendete Partie entscheiden (Admins); ohne Ergebnis: Bewertung und bester Zug der Engine als Rat
    /tournament cancel — das Turnier beenden; laufende Partien enden ohne Ergebnis (Admins)
    /tournament pause N — N Urlaubstage nehmen: alle deine Partien des Turniers, in denen deine Uhr läuft, bekommen N Tage mehr
    Bei mehreren Turnieren im Chat die Nummer anfügen: /tournament missing #2.
    Wertung: Sieg 2 Punkte, Remis 1, Niederlage 0 pro Partie (in Klammern dasselbe als 1, ½, 0); ein Mikromatch zählt 0–4.
    Gleichstand: Rundenturnier — Anzahl der Siege (S), dann Sonneborn-Berger (SB); Schweizer System — gekürzter Solkoff (Bh-1: die Punkte der Gegner ohne den niedrigsten), dann Sonneborn-Berger, dann Siege, dann der direkte Vergleich (DV). Die Wertungszahl entscheidet nie.
    Ein freies Turnier (casual) ändert keine Wertungszahlen. Wer sich zurückzieht, verliert die restlichen Partien; wer weniger als die Hälfte gespielt hat, wird ganz gestrichen.

help-rules =
    Russische Dame: die Regeln.
    Das Brett: 8×8, gespielt wird nur auf den 32 dunklen Feldern; a1 ist dunkel und liegt links unten bei Weiß. Die Felder heißen wie im Schach: Linien a–h, Reihen 1–8.
    Jede Seite beginnt mit 12 Steinen auf den dunklen Feldern ihrer drei nächsten Reihen. Weiß zieht zuerst; es wird abwechselnd gezogen, Passen ist nicht erlaubt.
    Ein Stein zieht ein Feld schräg vorwärts. Erreicht er die gegnerische Grundreihe, wird er zur Dame befördert; eine Dame zieht beliebig viele freie Felder entlang einer Diagonale.
    Es herrscht Schlagzwang: ein Stein überspringt einen gegnerischen Stein auf ein freies Feld dahinter. Steine schlagen auch rückwärts; eine Dame schlägt auf jede Entfernung und landet auf einem beliebigen freien Feld dahinter. Ein Schlagzug geht weiter, solange noch geschlagen werden kann; unter mehreren Schlagzügen ist die Wahl frei — nicht unbedingt der, der am meisten schlägt.
    Geschlagene Steine werden erst am Ende des Zuges vom Brett genommen (türkischer Schlag), und keiner darf zweimal übersprungen werden. Erreicht ein Stein während eines Schlagzugs die Grundreihe, wird er sofort Dame und schlägt als Dame weiter.
    Notation: ein Zug f4-g5, ein Schlagzug f4:h6, mehrere Steine f4:h6:f8:c5.
    Wer nicht mehr ziehen kann, verliert (alle Steine geschlagen oder blockiert); ebenso, wer aufgibt oder die Zeit überschreitet.
    Remis: nach Vereinbarung; dieselbe Stellung zum dritten Mal; 15 Züge nur mit Damen, ohne Schlagen und ohne Steinzug; drei Damen (oder mehr) fangen eine einzelne Dame nicht in 15 Zügen; eine einzelne Dame auf der großen Diagonale a1–h8 gegen drei Steine, nicht gewonnen in 5 Zügen; Damen auf beiden Seiten und keine Änderung des Kräfteverhältnisses (2–3 Steine: 5 Züge, 4–5: 30, 6–7: 60).

unknown-command = /{ $command } kenne ich nicht. Sende /help für die Liste der Befehle.
move-usage = Schreib den Zug nach /move, zum Beispiel: /move e3-d4
something-went-wrong = Da ist etwas schiefgegangen; nichts wurde gespeichert. Bitte versuch es gleich noch einmal.
chat-busy = Zu viele Anfragen in diesem Chat auf einmal; nichts wurde getan. Bitte versuch es gleich noch einmal.
slow-down = Bitte langsamer: Hier warten zu viele deiner Anfragen, deshalb wurden die letzten nicht angenommen. Versuch es in einer Minute noch einmal.
button-invalid = Dieser Knopf gilt nicht mehr.
button-stale = Die Stellung hat sich geändert, seit dieser Knopf gezeigt wurde: schau auf das neue Brett.
button-back = ‹ zurück
choose-target = Wohin soll der Stein auf { $square } ziehen?
choose-piece = Welchen Stein ziehst du?
resign-confirm = Partie #{ $game } aufgeben? Das lässt sich nicht rückgängig machen.
button-resign-yes = Ja, aufgeben
not-a-player = Du spielst nicht in Partie #{ $game }.
game-already-over = Partie #{ $game } ist bereits beendet.
ai-name = KI (Stufe { $level })
duration-days = { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
}
duration-days-hours = { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
} { $hours } Std.
duration-hours-minutes = { $hours } Std. { $minutes } Min.
duration-minutes = { $minutes } Min.
no-deadline = ohne Zeitlimit
board-caption = #{ $game }{ $variant ->
    [russian] {""}
   *[other] {" · "}{ $variant_name }
} · { $white } – { $black } · Zug { $move }{ $sub ->
    [first] {", erster Teilzug"}
    [second] {", zweiter Teilzug"}
   *[none] {""}
}{ $casual ->
    [yes] {" · ungewertet"}
   *[no] {""}
}
to-move = { $color ->
    [white] Weiß
   *[black] Schwarz
} zieht, { $player }.
time-left = Bedenkzeit: noch { $time }.
clock-of-game = Partie #{ $game }: { $clock }
move-number = Zug { $move }:
turn-note = { $move }, { $player } ist am Zug.
turn-sub-move = { $sub ->
    [second] Zweiter von zwei Teilzügen.
   *[first] Erster von zwei Teilzügen.
}
turn-note-second = { $move }; { $player } macht den zweiten Teilzug.
button-flip = ⇅ Drehen
button-rematch = ↻ Revanche
button-draw = ½ Remis
button-resign = ⚑ Aufgeben
button-accept = ✔ Annehmen
button-decline = ✖ Ablehnen
button-accept-draw = ✔ Remis annehmen
button-decline-draw = ✖ Weiterspielen
challenge-bad-word = „{ $word }“ habe ich nicht verstanden. Beispiel: /challenge @anna 3 white oder /challenge ai 5 black.
challenge-bad-level = Stufe { $level } gibt es nicht: die KI hat die Stufen 1 bis 8.
challenge-bad-days = { $days } Tage pro Zug geht nicht: wähle 1 bis 14 oder „unlimited“.
challenge-self = Du kannst dich nicht selbst herausfordern.
handle-too-long = „@{ $handle }“ kann niemandes Name sein: Ein @Name hat höchstens { $max } Zeichen.
challenge-card = Herausforderung #{ $id }: { $from } { $open ->
    [yes] lädt alle hier zu einer Partie ein.
   *[no] fordert { $to } heraus.
} { $color ->
    [white] { $from } spielt Weiß
    [black] { $from } spielt Schwarz
   *[random] Die Farben werden ausgelost
}; { $per_move } pro Zug{ $variant ->
    [russian] {""}
   *[other] , { $variant_name }
}{ $casual ->
    [yes] {", ungewertet (freie Partie)"}
   *[no] {""}
}. Gilt { $expires }.
no-open-challenge = Hier gibt es keine offene Herausforderung für dich. Starte eine mit /challenge.
limit-challenges = Du hast schon { $limit } offene Herausforderungen: warte auf Antworten oder zieh eine mit /decline zurück.
limit-games = Du spielst schon { $limit } Partien: beende eine, bevor du eine neue beginnst.
limit-chat-games = In diesem Chat laufen schon { $limit } Partien: beendet eine, bevor eine neue beginnt.
limit-ai-games = Du spielst schon { $limit } Partien gegen die KI: beende zuerst eine.
limit-opponent-games = Dein Gegner spielt schon { $limit } Partien: erst muss eine davon zu Ende sein.
challenge-unknown = In diesem Chat gibt es keine Herausforderung #{ $id }.
challenge-closed = Herausforderung #{ $id } ist nicht mehr offen.
button-share = 📨 Teilen
challenge-share-text = { $from } lädt dich zu einer Partie Dame in „{ $chat }“ ein (Herausforderung #{ $id }).
challenge-link = Herausforderung #{ $id }: { $from } lädt dich zu einer Partie Dame in „{ $chat }“ ein, { $per_move } pro Zug ({ $variant_name }). Nimm an, und die Partie beginnt dort.
challenge-accepted-there = Angenommen: Partie #{ $game } beginnt in „{ $chat }“.
challenge-own = Das ist deine eigene Herausforderung: jemand anderes muss sie annehmen.
challenge-not-for-you = Diese Herausforderung gilt jemand anderem.
challenge-cancelled = { $name } hat Herausforderung #{ $id } zurückgezogen.
challenge-declined = { $name } hat Herausforderung #{ $id } abgelehnt.
challenge-expired = Herausforderung #{ $id } ist abgelaufen: niemand hat sie angenommen.
game-started = Partie #{ $game } beginnt: { $white } (Weiß) gegen { $black } (Schwarz), { $per_move } pro Zug{ $variant ->
    [russian] .
    [poddavki] . { $variant_name }: Wer alle Steine verliert oder nicht mehr ziehen kann, gewinnt.
    [antidraughts] . { $variant_name }: Wer alle Steine verliert oder nicht mehr ziehen kann, gewinnt.
    [breakthrough] . { $variant_name }: Wer zuerst eine Dame macht, gewinnt.
   *[other] . { $variant_name }.
}
game-unknown = Es gibt keine Partie { $game }.
no-active-game = Du hast hier keine laufende Partie. Starte eine mit /challenge.
which-game = Du hast hier mehrere Partien ({ $games }): füge die Nummer an, z. B. /board { $games }.
not-your-turn = Du bist in keiner deiner Partien hier am Zug.
not-your-turn-in = Du bist in Partie #{ $game } nicht am Zug.
move-illegal = Partie #{ $game }: { $error }
move-which-game = { $move } ist in mehreren deiner Partien möglich. In welcher?
move-empty = Kein Zug angegeben: schreib ihn wie e3-d4 oder c3:e5.
move-bad-square = „{ $token }“ ist kein dunkles Feld (a1…h8 oder 1…32; auf 10×10 1…50, auf 10×8 a1…k8).
move-none = Es gibt keinen möglichen Zug: die Partie ist zu Ende.
move-ambiguous = { $input } kann { $candidates } bedeuten: bitte schreib den ganzen Zug.
why-empty-square = auf { $square } steht kein Stein
why-not-your-piece = der Stein auf { $square } gehört nicht dir
why-must-capture = es herrscht Schlagzwang
why-capture-precedence = die Schlagregeln dieser Variante verlangen einen anderen Schlag
why-capture-ends-earlier = der Schlag endet früher
why-capture-not-finished = der Schlagzug geht weiter und muss zu Ende geführt werden
why-cannot-move = der Stein auf { $square } kann nicht dorthin ziehen
move-not-legal = { $input } ist kein gültiger Zug. Mögliche Züge: { $legal }.
move-not-legal-why = { $input } ist kein gültiger Zug ({ $why }). Mögliche Züge: { $legal }.
move-played = { $player }: { $move }
reason-no-moves = { $variant ->
    [poddavki] kein Zug mehr möglich (bei Poddawki ist das ein Sieg)
    [antidraughts] kein Zug mehr möglich (bei Antidame ist das ein Sieg)
    [breakthrough] ein Stein hat die letzte Reihe erreicht (beim Durchbruch gewinnt die erste Dame)
   *[other] der Gegner kann nicht mehr ziehen
}
reason-resignation = der Gegner hat aufgegeben
reason-timeout = der Gegner hat die Bedenkzeit überschritten
reason-agreement = nach Vereinbarung
reason-repetition = dieselbe Stellung kam dreimal vor
reason-kings-only = { $moves } Züge nur mit Damen, ohne Schlagen und ohne Steinzug
reason-lone-king = { $variant ->
    [brazilian] die einzelne Dame wurde nicht rechtzeitig gefangen (16 Züge gegen drei Figuren, 5 gegen zwei)
    [international] die einzelne Dame wurde nicht rechtzeitig gefangen (16 Züge gegen drei Figuren, 5 gegen zwei)
    [frisian] die einzelne Dame wurde nicht rechtzeitig gefangen
    [frysk] die einzelne Dame wurde nicht rechtzeitig gefangen
   *[other] drei Damen haben die einzelne Dame in 15 Zügen nicht gefangen
}
reason-long-diagonal = die einzelne Dame hielt die große Diagonale
reason-balance = keine Änderung des Kräfteverhältnisses
reason-withdrawal = der Gegner hat sich aus dem Turnier zurückgezogen
reason-adjudicated = vom Turnierleiter entschieden
reason-cancelled = das Turnier wurde abgesagt
result-win = { $winner } ({ $color ->
    [white] Weiß
   *[black] Schwarz
}) gewinnt: { $reason }. Ergebnis { $result }.
result-draw = Remis: { $reason }. Ergebnis { $result }.
board-headline = Partie #{ $game }
games-none = Du hast keine laufenden Partien.
games-header = Deine Partien:
games-line = #{ $game } gegen { $opponent } (du spielst { $color ->
    [white] Weiß
   *[black] Schwarz
}) — { $my_turn ->
    [yes] du bist am Zug
   *[no] der Gegner ist am Zug
}, { $left }
games-in-chat = — in { $chat }
resigned = { $player } hat Partie #{ $game } aufgegeben.
draw-agreed = Partie #{ $game }: Remis vereinbart.
draw-already-offered = Du hast schon Remis angeboten; die Antwort steht noch aus.
draw-ai-declines = Die KI lehnt das Remis ab und spielt weiter.
draw-offered = { $player } bietet in Partie #{ $game } Remis an. { $opponent }, nimmst du an?
draw-none-to-decline = Dir hat niemand Remis angeboten.
draw-declined = { $player } hat das Remis in Partie #{ $game } abgelehnt. Es wird weitergespielt.
admins-only = Nur die Admins des Chats können das ändern.
settings-saved = Gespeichert.
settings-bad-value = „{ $value }“ ist kein gültiger Wert für { $key }: wähle { $allowed }.
settings-unknown = Es gibt keine Einstellung „{ $key }“. Einstellungen: { $keys }.
settings-show =
    Einstellungen: Sprache { $lang }, Design { $theme }, Brett { $orientation }, standardmäßig { $days } Tage pro Zug, Erinnerungen bei { $reminders } Restzeit, Bretter { $boards }, Spielart { $variant }.
    Ändern mit: /settings lang de · /settings theme contrast · /settings orientation white|auto|mover · /settings days 5 · /settings reminders 50% 24h (oder off) · /settings boards edit|new · /settings variant russian|poddavki|brazilian|pool|english|czech|italian|portuguese|international|frisian|frysk|antidraughts|breakthrough|russian-10x8|bashni|vigman
top-empty = In diesem Chat gibt es noch keine gewerteten Partien in { $variant_name }: gewertet werden Partien zwischen Menschen.
top-header = Wertung in diesem Chat, { $variant_name } (Glicko-2):
top-line = { $place }. { $name } — { $rating } ±{ $deviation } ({ $wins } gewonnen, { $draws } remis, { $losses } verloren)
vacation-usage = Sende /vacation N, um deine Uhren N Tage anzuhalten. Dir bleiben dieses Jahr noch { $left } Tage.
vacation-too-long = Du möchtest { $days } Tage, hast dieses Jahr aber nur noch { $left } Urlaubstage.
vacation-set = Deine Uhren sind für { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
} angehalten. Verbleibende Urlaubstage dieses Jahr: { $left }.
vacation-announce = { $player } ist für { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
} im Urlaub: { $count ->
    [one] die Uhr in Partie { $games } ist angehalten
   *[other] die Uhren in den Partien { $games } sind angehalten
}. { $opponent }, deine Fristen bleiben unverändert.
timed-out = { $player } hat in Partie #{ $game } nicht rechtzeitig gezogen.
reminder = { $player }, du bist in Partie #{ $game } am Zug: noch { $left }.

## Bot adapters: command menus (Telegram setMyCommands, Discord slash commands).
## Descriptions: at most 100 characters.
cmd-help = Spielanleitung und Liste der Befehle
cmd-challenge = Jemanden, den ganzen Chat oder die KI herausfordern
cmd-accept = Eine Herausforderung annehmen
cmd-decline = Eine Herausforderung ablehnen oder zurückziehen
cmd-move = Einen Zug machen, z. B. e3-d4 oder c3:e5:g7
cmd-board = Das Brett deiner Partie zeigen
cmd-clock = Die verbleibende Bedenkzeit einer Partie
cmd-games = Deine Partien und wer am Zug ist
cmd-resign = Deine Partie aufgeben
cmd-draw = Remis anbieten oder annehmen
cmd-pdn = Die Partienotation (PDN)
cmd-settings = Sprache, Brettdesign, Ausrichtung, Tage pro Zug
cmd-settings-member = Deine Sprache: /settings lang en|ru|lv|de|fr
cmd-settings-admin = Dieser Chat: chatlang, theme, orientation, days, boards; deine lang
cmd-tournament-member = Turniere: join, leave, pdn; die Tabelle mit /standings
cmd-top = Die Wertung dieses Chats
cmd-vacation = Deine Uhren für einige Tage anhalten
opt-challenge-target = Wen: ai oder ein Nutzer (leer: alle in diesem Kanal)
opt-challenge-level = KI-Stufe, 1 (am leichtesten) bis 8
opt-challenge-days = Tage pro Zug, 1 bis 14
opt-challenge-colour = Deine Farbe
opt-colour-white = Weiß
opt-colour-black = Schwarz
opt-colour-random = Zufällig
opt-move-text = Der Zug, z. B. e3-d4 oder c3:e5
opt-game = Partienummer (wenn du hier mehrere spielst)
command-syntax = „{ $word }“ in { $command } habe ich nicht verstanden. So geht es: { $syntax }
opt-state-on = ein
opt-state-off = aus
opt-help-rules = Die Regeln
opt-help-tournament = Turniere
opt-tournament-id = Turniernummer (wenn es hier mehrere gibt)
opt-challenge-id = Nummer der Herausforderung
opt-settings-key = lang, chatlang, theme, orientation, days, boards oder threads
opt-settings-value = Der neue Wert
opt-vacation-days = Tage, für die deine Uhren anhalten
select-move = Wähle einen Zug ({ $first } … { $last })

## Puzzles (issue 7)
cmd-puzzle = Eine Aufgabe: finde den Gewinnschlag
cmd-daily = Die tägliche Aufgabe in diesem Chat: on HH:MM +03:00 oder off
cmd-hint = Ein Tipp für deine Aufgabe
puzzle-caption = { $color ->
    [white] Weiß
   *[black] Schwarz
} zieht und gewinnt
theme-shot = Schlagkombination
theme-multi-capture = Mehrfachschlag
theme-breakthrough = Durchbruch zur Dame
theme-king-endgame = Damenendspiel
theme-endgame = Endspiel
theme-game-win = gewinnt die Partie
theme-material = gewinnt Material
button-puzzle-hint = 💡 Tipp
button-puzzle-solution = Lösung
button-puzzle-next = Nächste Aufgabe
puzzle-show = Aufgabe #{ $id } · Wertung { $rating } · { $themes }
    { $color ->
        [white] Weiß
       *[black] Schwarz
    } zieht und gewinnt { $moves ->
        [one] in einem Zug
       *[other] in { $moves } Zügen
    }. Sende deinen Zug (z. B. /puzzle { $example } oder nur den Zug); /hint für einen Tipp, /puzzle solution zum Aufgeben.
puzzle-none = Es sind keine Aufgaben geladen.
puzzle-unknown = Es gibt keine Aufgabe { $id }.
puzzle-no-pack = Für „{ $variant }“ gibt es noch keine Aufgaben. Aufgaben gibt es für: { $variants }.
puzzle-no-open = Du hast hier keine offene Aufgabe: /puzzle gibt dir eine.
puzzle-daily-done = Du hast die heutige Tagesaufgabe hier schon versucht.
puzzle-illegal = { $move } ist hier kein gültiger Zug. Möglich: { $legal }
puzzle-wrong = Nicht dieser Zug ({ $move }). { $left ->
    [one] Noch ein Versuch
   *[other] Noch { $left } Versuche
}.
puzzle-failed = Nicht dieser Zug ({ $move }), und keine Versuche mehr. Die Lösung: { $solution }
puzzle-right = Richtig, { $move }! Der Gegner antwortet { $reply }. Du bist am Zug.
puzzle-solved = Gelöst mit { $move }! Die Lösung: { $solution }
    Aufgabenwertung { $rating } ({ $delta }), Serie { $streak }.
puzzle-solved-unrated = Gelöst mit { $move }! Die Lösung: { $solution }
puzzle-gave-up = Aufgabe #{ $id }, die Lösung: { $solution }
puzzle-hint-square = Tipp: Fang mit dem Stein auf { $square } an.
puzzle-hint-move = Tipp: spiele { $move }.
puzzle-top-empty = In diesem Chat wurde noch keine Aufgabe gelöst: /puzzle zum Anfangen.
puzzle-top-header = Aufgabenwertung in diesem Chat:
puzzle-top-line = { $place }. { $name } — { $rating } ({ $solved } gelöst, { $failed } verfehlt, Serie { $streak }, beste { $best })
daily-on = Die tägliche Aufgabe ist an: jeden Tag um { $time } ({ $offset }); die nächste am { $date }.
# $variant (the variant's key) lets a language write the name its way in
# the sentence (lower-case in Russian, Latvian and French)
daily-on-variant = Die tägliche Aufgabe ({ $variant ->
   *[other] { $variant_name }
}) ist an: jeden Tag um { $time } ({ $offset }); die nächste am { $date }.
daily-off = Die tägliche Aufgabe ist in diesem Chat aus.
daily-status-off = Die tägliche Aufgabe ist hier aus. Schalte sie ein mit /daily on 09:00 +03:00 (die Uhrzeit des Chats und der UTC-Versatz).
daily-bad-time = { $value } ist keine Uhrzeit: nimm HH:MM, z. B. 09:00.
daily-bad-offset = { $value } ist keine Zeitzone: nimm einen Versatz wie +03:00 oder -05:00 oder einen Namen wie Europe/Berlin.
daily-post = Tägliche Aufgabe vom { $date } — #{ $id } · Wertung { $rating } · { $themes }
    { $color ->
        [white] Weiß
       *[black] Schwarz
    } zieht und gewinnt { $moves ->
        [one] in einem Zug
       *[other] in { $moves } Zügen
    }. Sende deinen ersten Zug; /hint für einen Tipp.
daily-yesterday = Die vorige Tagesaufgabe #{ $id }: { $solution }
daily-post-variant = Tägliche Aufgabe vom { $date } ({ $variant ->
   *[other] { $variant_name }
}) — #{ $id } · Wertung { $rating } · { $themes }
    { $color ->
        [white] Weiß
       *[black] Schwarz
    } zieht und gewinnt { $moves ->
        [one] in einem Zug
       *[other] in { $moves } Zügen
    }. Sende deinen ersten Zug; /hint für einen Tipp.
opt-puzzle-text = Dein Zug, eine Aufgabennummer oder „solution“
opt-puzzle-variant = Eine Aufgabe dieser Variante (ohne: Russisch)
opt-daily-state = on oder off
opt-daily-time = Die Uhrzeit des Chats, HH:MM
opt-daily-offset = Der UTC-Versatz des Chats, z. B. +03:00
opt-daily-variant = Die heutige Aufgabe dieser Variante; mit on: die Variante, die täglich kommt

# The console's own frame (shashki console), around the bot's messages.
console-banner = shashki-Konsole — du bist { $user }. /help zeigt die Befehle; /as NAME wechselt den Nutzer; /pick N drückt einen Knopf; Strg-D beendet.
console-downtime = (der Bot war { $secs } s nicht erreichbar: die Fristen wurden um diese Zeit verlängert)
console-speaking-as = (jetzt als { $user })
console-pressed = („{ $label }“ gedrückt)
console-no-button = (kein Knopf { $n } — die letzte Nachricht hatte { $count } Knöpfe)
console-board-image = [Brettbild: { $path }]
console-attached = [{ $name } angehängt; /pdn zeigt es]
console-buttons = Knöpfe:

# Tournaments
tournament-created = Turnier #{ $id } „{ $name }“ ist eröffnet: { $format ->
    [drr] ein doppelrundiges Rundenturnier
    [swiss] ein Turnier im Schweizer System mit { $rounds } Runden
   *[other] ein Rundenturnier
}{ $micro ->
    [yes] {" "}aus Mikromatches (zwei Partien pro Paarung aus einer ausgelosten Eröffnung, mit vertauschten Farben)
   *[other] {" "}aus Einzelpartien mit ausgeloster Eröffnung
}, { $time }, je { $leave } Urlaubstage, Auslosung { $ballot }, { $rated ->
    [yes] gewertet
   *[other] frei (die Wertungszahlen ändern sich nicht)
}, höchstens { $max } Spieler. Teilnehmen mit /tournament join; ein Admin startet es mit /tournament start.
tournament-variant = Gespielt wird { $variant }, aus den ausgewogenen Eröffnungen der Engine (eine Verbandsauslosung gibt es dafür nicht).
tournament-ballot-variant = Die FMJD-Auslosung gehört zum russischen Damespiel: ein Turnier in { $variant } zieht aus den ausgewogenen Eröffnungen der Engine („ballot fmjd“ weglassen).
tournament-joined = { $player } nimmt an Turnier #{ $id } „{ $name }“ teil ({ $count } angemeldet).
tournament-joined-late = { $player } steigt spät in Turnier #{ $id } „{ $name }“ ein: für jede der { $rounds } verpassten Runden einen halben Punkt; gepaart ab Runde { $next }.
tournament-left = { $player } verlässt Turnier #{ $id } „{ $name }“ ({ $count } angemeldet).
tournament-started = Turnier #{ $id } „{ $name }“ beginnt: { $players } Spieler, { $rounds ->
    [0] { $games } Partien, { $waiting ->
        [0] alle auf einmal
       *[other] { $now } jetzt, die übrigen { $waiting } nach und nach, wenn frühere Partien enden
    }
   *[other] Runde 1 von { $rounds }, { $games } Partien
}, { $time }. Deine Partien: /games; ein Brett: /board #N.
tournament-game-started = R{ $round } #{ $game } { $white } – { $black } · { $opening }
tournament-more-games = Turnier #{ $id } „{ $name }“: { $count ->
    [one] eine weitere Partie beginnt
   *[other] { $count } weitere Partien beginnen
}:
tournament-waiting = { $count } weitere Partien warten auf ihren Beginn: Jede beginnt, sobald beide Spieler Platz dafür haben (höchstens { $limit } laufende Partien je Spieler) und der Chat auch.
tournament-no-room = Turnier #{ $id } kann nicht beginnen: Eine Runde hat { $games } Partien, und in diesem Chat ist gerade Platz für { $room } weitere Turnierpartien (hier höchstens { $limit } laufende Partien, davon höchstens { $share } in Turnieren, damit die übrigen Partien des Chats immer Platz haben).
tournament-players-busy = Turnier #{ $id } kann nicht beginnen: Diese Spieler haben keinen Platz für die { $games ->
    [one] Partie
   *[other] { $games } Partien
} einer Runde (höchstens { $limit } laufende Partien je Spieler): { $names }. Sie beenden zuerst welche, oder ein Admin streicht sie mit /tournament remove @name.
tournament-status = Turnier #{ $id } „{ $name }“ ({ $status ->
    [open] Anmeldung offen
    [running] läuft
    [finished] beendet
   *[other] abgesagt
}, { $format }{ $micro ->
    [yes] , Mikromatches
   *[other] {""}
}, { $rated ->
    [yes] gewertet
   *[other] frei
}, höchstens { $max } Spieler). Spieler ({ $count }): { $players }
tournament-to-move = #{ $game } { $white } – { $black }: { $player } ist am Zug
tournament-progress = { $done } von { $games } Partien beendet. Tabelle: /standings
tournament-standings = Tabelle von Turnier #{ $id } „{ $name }“:
tournament-finished = Turnier #{ $id } „{ $name }“ ist zu Ende! { $count ->
    [one] Sieger: { $winners }.
   *[other] Geteilter erster Platz: { $winners }.
} Endstand:
tournament-pdn = Turnier #{ $id } „{ $name }“: { $games } Partien in PDN.
tournament-usage = Ein Turnier anlegen: /tournament new NAME [rr|drr|swiss-N] [micro|single] [days N] [bank ZÜGE/TAGE] [leave N] [ballot fmjd|balanced] [VARIANTE] [max N] [rated|casual] [until JJJJ-MM-TT]; dann /tournament join, /tournament start, /tournament, /standings, /tournament pdn, /tournament missing, /tournament pause N (Urlaubstage); /tournament leave zieht zurück (Admins: /tournament remove @name, /tournament adjudicate PARTIE ERGEBNIS, /tournament cancel). Alles: /help tournament
tournament-bad-word = „{ $word }“ ist keine Turnieroption (rr, drr, micro, single, days N, bank ZÜGE/TAGE, leave N, ballot fmjd|balanced, max N, rated, casual, eine Variante: international, bashni, …). Schweizer System: swiss-7.
tournament-unknown = In diesem Chat gibt es kein Turnier { $id }.
tournament-none = In diesem Chat gibt es kein Turnier. Ein Admin legt eines an mit /tournament new NAME.
tournament-which = Hier gibt es mehrere Turniere ({ $ids }): füge die Nummer an, z. B. /tournament join { $ids }.
tournament-not-open = Für Turnier #{ $id } ist keine Anmeldung mehr möglich.
tournament-too-late = In Turnier #{ $id } sind schon { $rounds } Runden gepaart: ein später Einstieg geht nur, bis die Hälfte der Runden gepaart ist.
tournament-already-in = Du bist schon in Turnier #{ $id }.
tournament-not-in = Du bist nicht in Turnier #{ $id }.
tournament-too-few = Ein Turnier braucht mindestens 2 Spieler; angemeldet: { $players }.
tournament-time-forfeits = { $player } hat zwei Partien von Turnier #{ $id } durch Zeitüberschreitung verloren und scheidet aus.
tournament-round = Turnier #{ $id } „{ $name }“: Runde { $round } von { $rounds } beginnt.
tournament-bye = R{ $round } { $player }: spielfrei (Punkte wie für einen Sieg)
tournament-full = Turnier #{ $id } ist voll: { $limit } Spieler.
tournament-not-entered = { $name } ist nicht in Turnier #{ $id }.
tournament-over = Turnier #{ $id } ist zu Ende.
tournament-withdrawn = { $player } zieht sich aus Turnier #{ $id } „{ $name }“ zurück{ $games ->
    [0] .
    [one] : { $games } laufende Partie ist verloren.
   *[other] : { $games } laufende Partien sind verloren.
} In der Tabelle zählen die ungespielten Partien als verloren, oder, wenn weniger als die Hälfte gespielt wurde, werden alle Ergebnisse von { $player } gestrichen.
tournament-cancelled = Turnier #{ $id } „{ $name }“ wurde von { $admin } abgesagt{ $games ->
    [0] .
    [one] : seine laufende Partie endet ohne Ergebnis.
   *[other] : seine { $games } laufenden Partien enden ohne Ergebnis.
} Wertung und Tabelle zählen sie nicht.
tournament-missing = Turnier #{ $id } „{ $name }“{ $round ->
    [0] {""}
   *[other] , Runde { $round }
}: { $count ->
    [one] { $count } Partie wird
   *[other] { $count } Partien werden
} noch gespielt:
tournament-missing-line = R{ $round } #{ $game } { $white } – { $black }: { $player } ist am Zug, { $left }
tournament-missing-none = Turnier #{ $id } „{ $name }“: keine Partie läuft.
tournament-overdue = die Zeit ist abgelaufen
tournament-adjudicated = Partie #{ $game } ({ $white } – { $black }) von Turnier #{ $id } wurde von { $admin } entschieden.
tournament-advice = Partie #{ $game } { $white } – { $black }, { $player } ist am Zug. Rat der Engine (Tiefe { $depth }): { $eval }; bester Zug: { $best }. Zum Entscheiden: /tournament adjudicate { $game } 1-0, 0-1 oder 1/2.
advice-eval-even = etwa ausgeglichen ({ $men } Steine)
advice-eval-better = { $side ->
    [white] Weiß
   *[black] Schwarz
} steht um { $men } Steine besser
advice-eval-win = { $side ->
    [white] Weiß
   *[black] Schwarz
} gewinnt forciert (in { $plies } Halbzügen)
advice-no-move = keiner (kein möglicher Zug)
tournament-crosstable-page = Turnier #{ $id } „{ $name }“: Kreuztabelle, Seite { $page } von { $pages }
tournament-bad-max = Ein Turnier hat 2 bis 64 Spieler; „{ $max }“ ist keine dieser Zahlen.
adjudicate-usage = Schreib die Partie und das Ergebnis: /tournament adjudicate 12 1-0 (oder 0-1, 1/2); ohne Ergebnis bekommst du den Rat der Engine.
adjudicate-bad-result = „{ $word }“ ist kein Ergebnis: schreib 1-0 (Weiß gewinnt), 0-1 (Schwarz gewinnt) oder 1/2 (Remis).
not-a-tournament-game = Partie { $game } gehört zu keinem Turnier dieses Chats.
tournament-removed = { $player } wurde von der Liste von Turnier #{ $id } „{ $name }“ gestrichen ({ $count } angemeldet).
cmd-tournament = Turniere: new, join, leave, start, missing, adjudicate, cancel, pdn
opt-tournament-text = new NAME rr micro days 3 max 20 casual · join · leave · start · missing · cancel · pdn
opt-help-topic = Ein Thema: rules oder tournament
cmd-standings = Die Tabelle eines Turniers (Kreuztabelle)
replay-caption = Wiedergabe von Partie #{ $game }: { $white } – { $black }, { $plies } Halbzüge, { $result }.
position-caption = { $color ->
    [white] Weiß
   *[black] Schwarz
} am Zug, { $moves ->
    [0] kein möglicher Zug (die Seite am Zug hat { $stuck ->
        [won] gewonnen
       *[lost] verloren
    })
    [one] ein möglicher Zug
   *[other] { $moves } mögliche Züge
}. FEN: { $fen }
bad-fen = Das ist keine Stellung: { $error }. Eine FEN sieht so aus: W:W21-32:B1-12 (wer am Zug ist, dann die weißen und die schwarzen Steine; K vor einer Dame).
position-usage = Schreib eine Stellung nach dem Befehl, zum Beispiel /position W:Wc3,e3,Kh2:Bd6,f6 (eine Spielart zuerst für ihre Regeln und Feldnummern: /position italian W:W21,22:B9,10).
cmd-replay = Die Partie als animierte Wiedergabe (GIF)
cmd-position = Eine beliebige Stellung aus ihrer FEN zeigen
opt-fen = Die Stellung, z. B. W:W21-32:B1-12
analyse-started = Partie #{ $game } wird analysiert ({ $plies } Halbzüge): das Ergebnis kommt hierher, sobald die Engine fertig ist.
analyse-pending = Partie #{ $game } wird schon analysiert; das Ergebnis kommt hierher, sobald es fertig ist.
analyse-unfinished = Partie #{ $game } läuft noch: analysiert werden kann sie erst nach ihrem Ende.
analyse-too-many = Du hast schon { $limit } Analysen in der Warteschlange; frag wieder, wenn sie fertig sind.
analyse-summary = Analyse von Partie #{ $game } (Suchtiefe { $depth }):
    Weiß { $white }: Genauigkeit { $white_acc } %, Ungenauigkeiten ?! { $white_dubious }, Fehler ? { $white_mistakes }, Patzer ?? { $white_blunders }{ $white_worst }
    Schwarz { $black }: Genauigkeit { $black_acc } %, Ungenauigkeiten ?! { $black_dubious }, Fehler ? { $black_mistakes }, Patzer ?? { $black_blunders }{ $black_worst }
    Die PDN enthält alle Zeichen und nach jedem Fehler den besseren Zug.
analyse-worst = ; der schlechteste Zug: { $move } — besser { $better }
analyse-sub-move = { $move } ({ $which ->
    [first] erster Zug des Doppelzugs
   *[second] zweiter Zug des Doppelzugs
})
cmd-analyse = Die Analyse einer beendeten Partie durch die Engine

# Clocks: bank time and leave days (issue 13)
tournament-time-per-move = { $per_move } pro Zug
tournament-time-bank = ein Zeitkonto von { $moves } Zügen in { $days } Tagen (ungenutzte Zeit wird übertragen)
bank-left = Zeitkonto: Weiß { $white }, Schwarz { $black }; noch { $togo } Züge für weitere { $days } Tage (alle { $moves } Züge).
tournament-bad-bank = „{ $word }“ ist kein Zeitkonto: schreib ZÜGE/TAGE, z. B. bank 10/30 (1–100 Züge in 1–365 Tagen).
tournament-not-running = Turnier #{ $id } läuft nicht.
leave-usage = Sende /tournament pause N, um deine Partien von Turnier #{ $id } N Tage anzuhalten. Dir bleiben darin noch { $left } Urlaubstage.
leave-too-long = Du möchtest { $days } Tage, hast in Turnier #{ $id } aber nur noch { $left } Urlaubstage.
leave-set = Deine Partien von Turnier #{ $id } „{ $name }“ sind für { $days ->
    [one] { $days } Tag
   *[other] { $days } Tage
} angehalten. Verbleibende Urlaubstage darin: { $left }.
leave-announce = { $player } nimmt { $days ->
    [one] { $days } Urlaubstag
   *[other] { $days } Urlaubstage
} im Turnier: { $count ->
    [one] die Uhr der Partie { $games } hält
   *[other] die Uhren der Partien { $games } halten
} für diese Zeit an. { $opponent }, deine Fristen ändern sich nicht.
tournament-ends = Endet am { $date } (UTC): bis dahin unbeendete Partien entscheidet der Turnierleiter.
tournament-bad-end = „{ $word }“ ist kein Enddatum: schreib einen künftigen Tag als JJJJ-MM-TT, zum Beispiel until 2027-03-01.
tournament-past-end = Turnier #{ $id } „{ $name }“ hat sein Enddatum erreicht, { $count } Partien sind unbeendet: der Turnierleiter entscheidet sie (/tournament adjudicate PARTIE zeigt den Rat der Engine; /tournament adjudicate PARTIE 1-0|0-1|draw entscheidet).
if-stored = Für Partie #{ $game } gespeichert (nur du siehst es): { $line }. Der Zug wird für dich gespielt, sobald der Zug deines Gegners passt; jeder andere Zug verwirft deine Varianten.
if-none = Du hast keine bedingten Züge in Partie #{ $game }. Schreib /if #{ $game } X Y: spielt dein Gegner X, wird sofort Y für dich gespielt.
if-list = Deine bedingten Züge in Partie #{ $game }:
if-cleared = Partie #{ $game }: { $count } bedingte Varianten verworfen.
if-in-public = Bedingte Züge sind geheim: sende /if in einem privaten Chat mit dem Bot (mit der Partienummer, /if #12 …), damit dein Gegner sie hier nicht liest.
if-usage = Schreib den Zug deines Gegners und deine Antwort, gern auch mehrere Paare: /if #12 f6-g5 c3-d4 (g7-f6 b2-c3). /if #12 listet sie, /if #12 clear verwirft sie.
if-your-turn = Du bist in Partie #{ $game } am Zug: spiel ihn; bedingte Züge sind für den Zug deines Gegners.
if-illegal = Partie #{ $game }: { $move } ist dort nicht möglich ({ $error }); die Variante wurde nicht gespeichert.
if-too-many = Du hast in dieser Partie schon { $limit } bedingte Varianten; verwirf einige mit /if clear.
cmd-if = Bedingte Züge: spielt er X, antworte Y
opt-if-text = #Partie, dann sein Zug und deine Antwort, z. B. #12 f6-g5 c3-d4
button-analyse = 🔍 Analysieren
button-replay = ▶ Wiedergabe
variant-unknown = „{ $word }“ ist keine Spielart: wähle russian, poddavki, brazilian, pool, english, czech, italian, portuguese, international, frisian, frysk, antidraughts, breakthrough, russian-10x8, bashni oder vigman.
variant-russian = Russische Dame
variant-poddavki = Poddawki (Schlagdame)
variant-brazilian = Brasilianische Dame
variant-pool = Pool Checkers
variant-english = Englische Dame (Checkers)
variant-czech = Tschechische Dame
variant-italian = Italienische Dame
variant-portuguese = Portugiesische Dame
variant-international = Internationale Dame
variant-frisian = Friesische Dame
variant-frysk = Frysk!
variant-antidraughts = Antidame
variant-breakthrough = Durchbruch
variant-russian-10x8 = Russische Dame auf 10×8
variant-bashni = Baschni (Türme)
variant-vigman = Vigmans Doppelspiel
challenge-from = Aus der Stellung { $fen }.
takeback-done = { $player } nimmt in Partie #{ $game } den letzten Zug und die Antwort der KI zurück.
takeback-rated = In Partie #{ $game } gibt es keine Zugrücknahme: nur in ungewerteten Partien, nie in gewerteten oder Turnierpartien.
takeback-wait = Partie #{ $game }: Warte den Zug der KI ab, dann nimm zurück.
takeback-nothing = Partie #{ $game }: Du hast noch keinen Zug zum Zurücknehmen.

cmd-notify = Private Nachrichten, wenn du am Zug bist: on oder off
opt-notify-state = on oder off
notify-is-on = Private Benachrichtigungen sind an: Ich schreibe dir, wenn du in einer Partie in einer Gruppe am Zug bist, wenn eine Erinnerung an deinen Zug fällig ist und wenn dein Gegner Remis anbietet oder einen Zug zurücknehmen möchte. /notify off schaltet sie aus.
notify-is-off = Private Benachrichtigungen sind aus. /notify on: Ich schreibe dir privat, wenn du in einer Partie in einer Gruppe am Zug bist.
notify-turned-on = Private Benachrichtigungen eingeschaltet: Ich schreibe dir, wenn du in einer Partie in einer Gruppe am Zug bist.
notify-turned-off = Private Benachrichtigungen ausgeschaltet.
notify-usage = So geht es: /notify on oder /notify off (/notify: der aktuelle Stand).
notify-open-private = Telegram lässt einen Bot dir erst schreiben, wenn du einen privaten Chat mit ihm geöffnet hast: Drück unten auf den Knopf, dann auf „Starten“.
button-open-private = 💬 Privaten Chat öffnen
button-open-game = ♟ Partie öffnen
notify-turn = Du bist am Zug in Partie #{ $game } ({ $chat }): { $opponent } hat { $move } gespielt.
notify-start = Partie #{ $game } ({ $chat }) hat begonnen: Du bist am Zug.
notify-reminder = Erinnerung: Für deinen Zug in Partie #{ $game } ({ $chat }) bleiben noch { $left }.
notify-draw = { $player } bietet in Partie #{ $game } ({ $chat }) Remis an.
notify-takeback = { $player } möchte in Partie #{ $game } ({ $chat }) den letzten Zug zurücknehmen.
settings-threads = Jede neue Partie in einem eigenen Thread: { $state ->
    [on] an
   *[off] aus
} (/settings threads on|off).
game-thread-name = Partie #{ $game }: { $white } – { $black }
game-in-thread = Partie #{ $game } wird in einem eigenen Thread gespielt.
cmd-takeback = Den letzten Zug zurücknehmen (ungewertete Partien)
takeback-asked = { $player } möchte in Partie #{ $game } den letzten Zug zurücknehmen. { $opponent }, einverstanden?
takeback-agreed = { $opponent } ist einverstanden: der letzte Zug von { $player } in Partie #{ $game } ist zurückgenommen.
takeback-declined = { $opponent } lehnt die Zugrücknahme von { $player } in Partie #{ $game } ab.
takeback-pending = Partie #{ $game }: eine Bitte um Zugrücknahme wartet schon auf Antwort.
takeback-lapsed = Partie #{ $game }: diese Bitte um Zugrücknahme gilt nicht mehr (seitdem wurde gezogen, oder sie ist beantwortet).
takeback-not-yours = Partie #{ $game }: nur dein Gegner kann auf deine Bitte um Zugrücknahme antworten.
opt-challenge-rating = Gewertet oder ungewertet
opt-rating-rated = Gewertet
opt-rating-casual = Ungewertet
analyse-progress = Partie #{ $game } wird analysiert… { $percent } % ({ $done } von { $plies } Halbzügen)
analyse-files = Partie #{ $game }: die Bewertungskurve und das kommentierte PDN.
analyse-failed = Partie #{ $game } konnte nicht analysiert werden.
opt-challenge-opponent = Wen: ein Mitglied dieses Servers
opt-challenge-variant = Welche Dame-Variante
opt-top-list = Welche Liste: Aufgabenlöser oder Spieler einer Variante
opt-top-puzzles = Aufgabenlöser
inline-daily-title = Aufgabe des Tages #{ $id }
inline-daily-description = { $color ->
        [white] Weiß
       *[black] Schwarz
    } zieht und gewinnt { $moves ->
        [one] in einem Zug
       *[other] in { $moves } Zügen
    } · Wertung { $rating }
inline-daily-text = Dame-Aufgabe des Tages #{ $id }: { $color ->
        [white] Weiß
       *[black] Schwarz
    } zieht und gewinnt { $moves ->
        [one] in einem Zug
       *[other] in { $moves } Zügen
    }. Findest du die Lösung?
inline-daily-button = 🧩 Lösen
inline-daily-international-title = Aufgabe des Tages #{ $id } · Internationale Dame
inline-daily-international-description = 10×10 · { $color ->
        [white] Weiß
       *[black] Schwarz
    } zieht und gewinnt { $moves ->
        [one] in einem Zug
       *[other] in { $moves } Zügen
    } · Wertung { $rating }
inline-daily-international-text = Aufgabe des Tages #{ $id } in Internationaler Dame (10×10): { $color ->
        [white] Weiß
       *[black] Schwarz
    } zieht und gewinnt { $moves ->
        [one] in einem Zug
       *[other] in { $moves } Zügen
    }. Findest du die Lösung?
inline-play-title = Spiel Dame mit mir
inline-play-description = Eine Einladung zu einer Partie russische Dame senden
inline-play-text = { $name } lädt dich zu einer Partie russische Dame ein: öffne den Bot oder füge ihn einem Chat mit euch beiden hinzu und sende /challenge.
inline-play-button = ♟ Spielen
takeback-declined-already = Partie #{ $game }: Deine Zugrücknahme wurde abgelehnt; frag nach dem nächsten Zug wieder.

# the web board (issue 24)
cmd-web = Dein Link zur Partie (oder zu deiner offenen Aufgabe) auf dem Web-Brett
web-off = Das Web-Brett ist bei diesem Bot nicht eingerichtet.
web-link = Partie #{ $game } auf dem Web-Brett (dieser Link gilt nur für dich, { $hours } Stunden): { $url }
web-sent-private = Ich habe dir den Link privat geschickt.
web-title = Partie #{ $game }
web-flip = Drehen
web-pdn = PDN
web-draw = Remis anbieten
web-resign = Aufgeben
web-confirm-resign = Diese Partie aufgeben?
web-confirm-draw = Remis anbieten (oder annehmen)?
web-moves = Züge
web-link-invalid = Dieser Link öffnet diese Seite nicht (falsch, abgelaufen oder widerrufen). Hol dir mit /web einen neuen.
web-slow-down = Zu viele Anfragen: warte einen Moment.
web-private-game = Partie #{ $game } gehört zu einem privaten Chat: Nur ihre Spieler öffnen sie auf dem Web-Brett.
web-spectators-off = In dieser Gruppe öffnen nur die Spieler Partie #{ $game } auf dem Web-Brett (ein Admin kann allen das Zuschauen erlauben: /settings web on).
web-app-invalid = Die Telegram-Anmeldung für diese Seite war ungültig (gefälscht oder zu alt). Öffne das Brett erneut aus dem Chat.
web-app-no-game = Diese Seite öffnet eine Partie von ihrem Brett im Chat: Drück dort „Brett öffnen“.
web-app-opening = Das Brett wird geöffnet…
button-open-board = 🌐 Brett öffnen
web-link-puzzle = Aufgabe #{ $id } auf dem Web-Brett (dieser Link gilt nur für dich, { $hours } Stunden): { $url }
web-link-tournament = Turnier #{ $id } „{ $name }“ auf dem Web-Brett (dieser Link gilt nur für dich, { $hours } Stunden): { $url }
web-tournament-spectators-off = In dieser Gruppe öffnen nur die Spieler von Turnier #{ $id } seine Seite auf dem Web-Brett (ein Admin kann allen das Zuschauen erlauben: /settings web on).
web-puzzle-over = Dein Versuch an Aufgabe #{ $id } ist hier vorbei: Die Lösung steht auf der Seite.
puzzle-try-counted = Diesen Zug hast du bei Aufgabe #{ $id } schon versucht: Er wird nicht noch einmal gezählt.
web-piece-white-man = weißer Stein
web-piece-black-man = schwarzer Stein
web-piece-white-king = weiße Dame
web-piece-black-king = schwarze Dame
web-puzzle-title = Aufgabe #{ $id }
web-puzzle-task = { $color ->
    [white] Weiß
   *[black] Schwarz
} zieht und gewinnt { $moves ->
    [one] in einem Zug
   *[other] in { $moves } Zügen
} · Wertung { $rating } · { $themes }
web-puzzle-your-move = Du bist am Zug: Tippe auf einen Stein, dann auf sein Zielfeld (oder zieh ihn dorthin).
web-puzzle-solved = Gelöst — gut gemacht!
web-puzzle-failed = Diese Aufgabe ist für dich hier vorbei: Die Lösung liegt hinter dem Knopf unten.
web-puzzle-confirm-solution = Diese Aufgabe aufgeben und die Lösung sehen?
web-puzzle-solution-hidden = Die Lösung erscheint, wenn dein Versuch vorbei ist: Löse die Aufgabe oder gib auf.
web-tournament-title = Turnier #{ $id } „{ $name }“
web-tournament-status = { $status ->
    [open] Anmeldung offen
    [running] Läuft
    [finished] Beendet
   *[other] Abgesagt
}
web-tournament-round = Runde { $round } von { $rounds }
web-tournament-crosstable = Kreuztabelle
web-tournament-games = Laufende Partien
web-tournament-no-games = Gerade läuft keine Partie.
settings-web = Das Web-Brett für alle, nicht nur die Spieler: { $state ->
    [on] an
   *[off] aus
} (/settings web on|off).
settings-web-set = Das Web-Brett der Partien dieser Gruppe: { $state ->
    [on] alle dürfen zuschauen.
   *[off] nur für ihre Spieler.
}
variant-not-playable = { $variant } kann hier noch nicht gespielt werden: der Bot führt die Partien dieser Spielart noch nicht. Wähle eine andere Spielart, z. B. /challenge @name international.
if-variant = Ein bedingter Zug ist die Antwort auf einen Zug des Gegners; in { $variant } besteht eine Runde aus zwei Zügen, daher gibt es dort keine.
