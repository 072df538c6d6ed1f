# shashki — textes français (Fluent). Chaque id ici figure aussi dans en.ftl.
# Termes : pion, dame, prise (prendre), partie nulle, damier, case, coup,
# partie. Les cases se nomment comme aux échecs : a–h, 1–8.

help-head = Dames russes (shashki). Commandes :
help-line-move = /move e3-d4 — jouer un coup (prises : c3:e5, ou c3:e5:g7 pour une rafle)
help-line-board = /board — afficher le damier
help-line-challenge =
    /challenge ai 3 white — jouer contre l’IA (niveaux 1–8 ; white, black ou random)
    /challenge @nom 3 — défier quelqu’un, 3 jours par coup (1–14, ou unlimited)
    /challenge — un défi ouvert que tout le monde ici peut accepter
    /challenge @nom amicale — une partie amicale : sans classement, reprises d’un commun accord (/takeback)
help-line-games = /games — vos parties et qui doit jouer
help-line-draw = /draw — proposer ou accepter la nulle
help-line-resign = /resign — abandonner
help-line-pdn = /pdn — la notation de la partie
help-line-top = /top — le classement de ce chat
help-line-vacation = /vacation 7 — arrêter vos pendules pendant 7 jours
help-line-notify = /notify on — un message privé quand c’est à vous de jouer dans une partie de groupe (/notify off : plus de messages)
help-line-settings = /settings — langue, thème, damier
help-line-puzzle = /puzzle — un problème à résoudre · /puzzle international — sur 10×10 · /top puzzles
help-line-hint = /hint — un indice
help-line-daily = /daily on 09:00 +03:00 — un problème du jour ici (ajoutez international pour le 10×10)
help-line-tournament = /tournament new NOM — un tournoi par correspondance ici (admins) · /tournament join · /standings · /help tournament
help-line-replay = /replay — la partie en animation
help-line-analyse = /analyse — l’analyse d’une partie terminée par le moteur
help-line-position = /position W:Wc3,e3:Bd6 — afficher une position à partir de sa FEN
help-line-help = /help rules — les règles des dames russes
help-tail = Vous pouvez aussi simplement envoyer un coup comme e3-d4, ou appuyer sur les boutons.

help-tournament =
    Tournois par correspondance dans ce chat :
    /tournament new NOM [rr|drr|swiss-N] [micro|single] [days N] [bank COUPS/JOURS] [leave N] [ballot fmjd|balanced] [VARIANTE] [max N] [rated|casual] [until AAAA-MM-JJ] — en ouvrir un (admins). Par défaut : rr (toutes rondes ; drr : double ; swiss-7 : système suisse en 7 rondes), micro (deux parties par appariement à partir d’une ouverture tirée au sort, couleurs inversées), les jours par coup du chat (bank 10/30 : 10 coups en 30 jours, le temps non utilisé est reporté), 30 jours de congé par joueur, ballot balanced, la variante du chat (une autre, par ex. international ou bashni : les ouvertures équilibrées du moteur), 20 joueurs au plus (2–64), rated.
    /tournament join · /tournament leave — s’inscrire ; partir (après le début : se retirer) · /tournament remove @nom — la même chose pour quelqu’un d’autre (admins)
    /tournament start — tirer les appariements et lancer les parties (admins)
    /tournament — les joueurs, les parties en cours, à qui le tour · /tournament missing — les parties qui retardent le tournoi, avec leurs échéances
    /standings — le tableau croisé (texte et image) · /tournament pdn — toutes ses parties dans un fichier PDN
    /tournament adjudicate PARTIE 1-0|0-1|1/2 — trancher une partie inachevée (admins) ; sans résultat : l’évaluation et le meilleur coup du moteur, à titre de conseil
    /tournament cancel — mettre fin au tournoi ; ses parties en cours se terminent sans résultat (admins)
    /tournament pause N — prendre N jours de congé : toutes vos parties du tournoi où votre pendule tourne reçoivent N jours de plus
    S’il y a plusieurs tournois dans le chat, ajoutez le numéro : /tournament missing #2.
    Points : une victoire 2, une nulle 1, une défaite 0 par partie (entre parenthèses la même chose en 1, ½, 0) ; un micro-match compte de 0 à 4.
    Départages : toutes rondes — le nombre de victoires (V), puis Sonneborn-Berger (SB) ; système suisse — Solkoff tronqué (Bh-1 : les points des adversaires sans le plus faible), puis Sonneborn-Berger, puis les victoires, puis les confrontations directes (CD). Le classement Elo ne départage jamais.
    Un tournoi amical (casual) ne change pas les classements. Un joueur qui se retire perd les parties restantes ; celui qui a joué moins de la moitié de ses parties est annulé.

help-rules =
    Dames russes : les règles.
    Le damier : 8×8, seules les 32 cases foncées servent ; a1 est foncée, en bas à gauche des Blancs. Les cases se nomment comme aux échecs : colonnes a–h, rangées 1–8.
    Chaque camp commence avec 12 pions sur les cases foncées de ses trois rangées les plus proches. Les Blancs jouent en premier ; on joue à tour de rôle, sans passer.
    Un pion avance d’une case en diagonale. Un pion qui atteint la dernière rangée va à dame ; une dame se déplace d’autant de cases libres qu’elle veut le long d’une diagonale.
    La prise est obligatoire : une pièce saute par-dessus une pièce adverse vers une case libre derrière elle. Les pions prennent aussi en arrière ; une dame prend à distance et s’arrête sur n’importe quelle case libre derrière la pièce prise. La prise continue tant que la pièce peut encore prendre ; entre plusieurs prises, le choix est libre — pas forcément celle qui prend le plus.
    Les pièces prises ne quittent le damier qu’à la fin du coup (le coup turc), et aucune ne peut être sautée deux fois. Un pion qui atteint la dernière rangée pendant une prise devient dame aussitôt et continue de prendre comme une dame.
    Notation : un coup f4-g5, une prise f4:h6, plusieurs pièces f4:h6:f8:c5.
    Le joueur qui ne peut plus jouer perd (toutes ses pièces prises ou bloquées) ; de même celui qui abandonne ou dépasse le temps.
    Partie nulle : par accord ; la même position pour la troisième fois ; 15 coups avec des dames seulement, sans prise ni coup de pion ; trois dames (ou plus) qui ne capturent pas une dame seule en 15 coups ; une dame seule sur la grande diagonale a1–h8 contre trois pièces, sans gain en 5 coups ; des dames des deux côtés et aucun changement du rapport de forces (2–3 pièces : 5 coups, 4–5 : 30, 6–7 : 60).

unknown-command = Je ne connais pas /{ $command }. Envoyez /help pour la liste des commandes.
move-usage = Écrivez le coup après /move, par exemple : /move e3-d4
something-went-wrong = Quelque chose s’est mal passé ; rien n’a été enregistré. Réessayez dans un instant.
chat-busy = Trop de demandes à la fois dans ce chat ; rien n’a été fait. Réessayez dans un instant.
slow-down = Plus doucement, s’il vous plaît : trop de vos demandes attendent ici, les dernières n’ont donc pas été prises. Réessayez dans une minute.
button-invalid = Ce bouton n’est plus valable.
button-stale = La position a changé depuis l’affichage de ce bouton : regardez le nouveau damier.
button-back = ‹ retour
choose-target = Où doit aller la pièce de { $square } ?
choose-piece = Quelle pièce jouez-vous ?
resign-confirm = Abandonner la partie #{ $game } ? C’est définitif.
button-resign-yes = Oui, abandonner
not-a-player = Vous ne jouez pas dans la partie #{ $game }.
game-already-over = La partie #{ $game } est déjà terminée.
ai-name = IA (niveau { $level })
duration-days = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}
duration-days-hours = { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} { $hours } h
duration-hours-minutes = { $hours } h { $minutes } min
duration-minutes = { $minutes } min
no-deadline = sans limite de temps
board-caption = #{ $game }{ $variant ->
    [russian] {""}
   *[other] {" · "}{ $variant_name }
} · { $white } – { $black } · coup { $move }{ $sub ->
    [first] {", premier des deux"}
    [second] {", second des deux"}
   *[none] {""}
}{ $casual ->
    [yes] {" · amicale"}
   *[no] {""}
}
to-move = trait aux { $color ->
    [white] Blancs
   *[black] Noirs
}, { $player }.
time-left = Il reste { $time }.
clock-of-game = Partie #{ $game } : { $clock }
move-number = Coup { $move } :
turn-note = { $move }, au tour de { $player }.
turn-sub-move = { $sub ->
    [second] Second des deux coups du tour.
   *[first] Premier des deux coups du tour.
}
turn-note-second = { $move } ; { $player } joue le second des deux coups du tour.
button-flip = ⇅ Retourner
button-rematch = ↻ Revanche
button-draw = ½ Nulle
button-resign = ⚑ Abandonner
button-accept = ✔ Accepter
button-decline = ✖ Refuser
button-accept-draw = ✔ Accepter la nulle
button-decline-draw = ✖ Continuer
challenge-bad-word = Je n’ai pas compris « { $word } ». Exemple : /challenge @anna 3 white, ou /challenge ai 5 black.
challenge-bad-level = Le niveau { $level } n’existe pas : l’IA a les niveaux 1 à 8.
challenge-bad-days = { $days } jours par coup, ce n’est pas possible : choisissez de 1 à 14, ou « unlimited ».
challenge-self = Vous ne pouvez pas vous défier vous-même.
handle-too-long = « @{ $handle } » ne peut être le nom de personne : un @nom a au plus { $max } caractères.
challenge-card = Défi #{ $id } : { $from } { $open ->
    [yes] invite tout le monde ici à une partie.
   *[no] défie { $to }.
} { $from } joue { $color ->
    [white] les Blancs
    [black] les Noirs
   *[random] une couleur tirée au sort
} ; { $per_move } par coup{ $variant ->
    [russian] {""}
   *[other] , { $variant_name }
}{ $casual ->
    [yes] {", partie amicale (non classée)"}
   *[no] {""}
}. Ouvert pendant { $expires }.
no-open-challenge = Il n’y a pas de défi ouvert pour vous ici. Lancez-en un avec /challenge.
limit-challenges = Vous avez déjà { $limit } défis ouverts : attendez les réponses, ou retirez-en un avec /decline.
limit-games = Vous jouez déjà { $limit } parties : terminez-en une avant d’en commencer une autre.
limit-chat-games = Ce chat a déjà { $limit } parties en cours : terminez-en une avant d’en commencer une autre.
limit-ai-games = Vous jouez déjà { $limit } parties contre l’IA : terminez-en une d’abord.
limit-opponent-games = Votre adversaire joue déjà { $limit } parties : il doit d’abord en terminer une.
challenge-unknown = Il n’y a pas de défi #{ $id } dans ce chat.
challenge-closed = Le défi #{ $id } n’est plus ouvert.
button-share = 📨 Partager
challenge-share-text = { $from } vous invite à une partie de dames dans « { $chat } » (défi #{ $id }).
challenge-link = Défi #{ $id } : { $from } vous invite à une partie de dames dans « { $chat } », { $per_move } par coup ({ $variant_name }). Acceptez, et la partie commence là-bas.
challenge-accepted-there = Défi accepté : la partie #{ $game } commence dans « { $chat } ».
challenge-own = C’est votre propre défi : quelqu’un d’autre doit l’accepter.
challenge-not-for-you = Ce défi s’adresse à quelqu’un d’autre.
challenge-cancelled = { $name } a retiré le défi #{ $id }.
challenge-declined = { $name } a refusé le défi #{ $id }.
challenge-expired = Le défi #{ $id } a expiré : personne ne l’a accepté.
game-started = La partie #{ $game } commence : { $white } (Blancs) contre { $black } (Noirs), { $per_move } par coup{ $variant ->
    [russian] .
    [poddavki] . { $variant_name } : le camp qui perd toutes ses pièces ou ne peut plus jouer gagne.
    [antidraughts] . { $variant_name } : le camp qui perd toutes ses pièces ou ne peut plus jouer gagne.
    [breakthrough] . { $variant_name } : le premier à faire une dame gagne.
   *[other] . { $variant_name }.
}
game-unknown = Il n’y a pas de partie { $game }.
no-active-game = Vous n’avez pas de partie en cours ici. Lancez-en une avec /challenge.
which-game = Vous avez plusieurs parties ici ({ $games }) : ajoutez le numéro, par ex. /board { $games }.
not-your-turn = Ce n’est votre tour dans aucune de vos parties ici.
not-your-turn-in = Ce n’est pas votre tour dans la partie #{ $game }.
move-illegal = Partie #{ $game } : { $error }
move-which-game = { $move } est jouable dans plusieurs de vos parties. Laquelle ?
move-empty = Aucun coup indiqué : écrivez-le comme e3-d4 ou c3:e5.
move-bad-square = « { $token } » n’est pas une case foncée (a1…h8, ou 1…32 ; sur 10×10 1…50, sur 10×8 a1…k8).
move-none = Il n’y a aucun coup possible : la partie est finie.
move-ambiguous = { $input } peut vouloir dire { $candidates } : écrivez le coup en entier.
why-empty-square = il n’y a pas de pièce en { $square }
why-not-your-piece = la pièce en { $square } n’est pas à vous
why-must-capture = la prise est obligatoire
why-capture-precedence = les règles de prise de cette variante imposent une autre prise
why-capture-ends-earlier = la prise s’arrête plus tôt
why-capture-not-finished = la prise continue et doit être menée à son terme
why-cannot-move = la pièce en { $square } ne peut pas aller là
move-not-legal = { $input } n’est pas un coup réglementaire. Coups possibles : { $legal }.
move-not-legal-why = { $input } n’est pas un coup réglementaire ({ $why }). Coups possibles : { $legal }.
move-played = { $player } : { $move }
reason-no-moves = { $variant ->
    [poddavki] plus aucun coup possible (au qui-perd-gagne, c’est gagné)
    [antidraughts] plus aucun coup possible (aux antidames, c’est gagné)
    [breakthrough] un pion a atteint la dernière rangée (à la Percée, la première dame gagne)
   *[other] l’adversaire ne peut plus jouer
}
reason-resignation = l’adversaire a abandonné
reason-timeout = l’adversaire a dépassé le temps
reason-agreement = d’un commun accord
reason-repetition = la même position s’est produite trois fois
reason-kings-only = { $moves } coups avec des dames seulement, sans prise ni coup de pion
reason-lone-king = { $variant ->
    [brazilian] la dame seule n’a pas été prise à temps (16 coups contre trois pièces, 5 contre deux)
    [international] la dame seule n’a pas été prise à temps (16 coups contre trois pièces, 5 contre deux)
    [frisian] la dame seule n’a pas été prise à temps
    [frysk] la dame seule n’a pas été prise à temps
   *[other] trois dames n’ont pas capturé la dame seule en 15 coups
}
reason-long-diagonal = la dame seule a tenu la grande diagonale
reason-balance = aucun changement du rapport de forces
reason-withdrawal = l’adversaire s’est retiré du tournoi
reason-adjudicated = tranchée par l’organisateur
reason-cancelled = le tournoi a été annulé
result-win = { $winner } ({ $color ->
    [white] Blancs
   *[black] Noirs
}) gagne : { $reason }. Résultat { $result }.
result-draw = Partie nulle : { $reason }. Résultat { $result }.
board-headline = Partie #{ $game }
games-none = Vous n’avez aucune partie en cours.
games-header = Vos parties :
games-line = #{ $game } contre { $opponent } (vous jouez les { $color ->
    [white] Blancs
   *[black] Noirs
}) — { $my_turn ->
    [yes] à vous de jouer
   *[no] à l’adversaire de jouer
}, { $left }
games-in-chat = — dans { $chat }
resigned = { $player } a abandonné la partie #{ $game }.
draw-agreed = Partie #{ $game } : nulle d’un commun accord.
draw-already-offered = Vous avez déjà proposé la nulle ; en attente de la réponse.
draw-ai-declines = L’IA refuse la nulle et continue de jouer.
draw-offered = { $player } propose la nulle dans la partie #{ $game }. { $opponent }, acceptez-vous ?
draw-none-to-decline = Personne ne vous a proposé la nulle.
draw-declined = { $player } a refusé la nulle dans la partie #{ $game }. La partie continue.
admins-only = Seuls les admins du chat peuvent changer cela.
settings-saved = Enregistré.
settings-bad-value = « { $value } » n’est pas une valeur valable pour { $key } : choisissez { $allowed }.
settings-unknown = Il n’y a pas de réglage « { $key } ». Réglages : { $keys }.
settings-show =
    Réglages : langue { $lang }, thème { $theme }, damier { $orientation }, { $days } jours par coup par défaut, rappels quand il reste { $reminders }, damiers { $boards }, jeu par défaut { $variant }.
    Pour changer : /settings lang fr · /settings theme contrast · /settings orientation white|auto|mover · /settings days 5 · /settings reminders 50% 24h (ou off) · /settings boards edit|new · /settings variant russian|poddavki|brazilian|pool|english|czech|italian|portuguese|international|frisian|frysk|antidraughts|breakthrough|russian-10x8|bashni|vigman
top-empty = Pas encore de partie classée de { $variant_name } dans ce chat : le classement compte les parties entre personnes.
top-header = Classement de ce chat, { $variant_name } (Glicko-2) :
top-line = { $place }. { $name } — { $rating } ±{ $deviation } ({ $wins } gagnées, { $draws } nulles, { $losses } perdues)
vacation-usage = Envoyez /vacation N pour arrêter vos pendules pendant N jours. Il vous reste { $left } jours cette année.
vacation-too-long = Vous demandez { $days } jours mais il ne vous reste que { $left } jours de congé cette année.
vacation-set = Vos pendules sont arrêtées pendant { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}. Jours de congé restants cette année : { $left }.
vacation-announce = { $player } est en congé pendant { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} : { $count ->
    [one] la pendule de la partie { $games } est arrêtée
   *[other] les pendules des parties { $games } sont arrêtées
}. { $opponent }, vos échéances ne changent pas.
timed-out = { $player } n’a pas joué à temps dans la partie #{ $game }.
reminder = { $player }, à vous de jouer dans la partie #{ $game } : il reste { $left }.

## Bot adapters: command menus (Telegram setMyCommands, Discord slash commands).
## Descriptions: at most 100 characters.
cmd-help = Comment jouer et la liste des commandes
cmd-challenge = Défier quelqu’un, tout le chat ou l’IA
cmd-accept = Accepter un défi
cmd-decline = Refuser ou retirer un défi
cmd-move = Jouer un coup, par ex. e3-d4 ou c3:e5:g7
cmd-board = Afficher le damier de votre partie
cmd-clock = Le temps qui reste dans une partie
cmd-games = Vos parties et qui doit jouer
cmd-resign = Abandonner votre partie
cmd-draw = Proposer ou accepter la nulle
cmd-pdn = La notation de la partie (PDN)
cmd-settings = Langue, thème du damier, orientation, jours par coup
cmd-settings-member = Votre langue : /settings lang en|ru|lv|de|fr
cmd-settings-admin = Ce chat : chatlang, theme, orientation, days, boards ; votre lang
cmd-tournament-member = Tournois : join, leave, pdn ; le classement avec /standings
cmd-top = Le classement de ce chat
cmd-vacation = Arrêter vos pendules pendant quelques jours
opt-challenge-target = Qui : ai, ou un utilisateur (vide : tout le monde dans ce salon)
opt-challenge-level = Niveau de l’IA, de 1 (le plus facile) à 8
opt-challenge-days = Jours par coup, de 1 à 14
opt-challenge-colour = Votre couleur
opt-colour-white = Blancs
opt-colour-black = Noirs
opt-colour-random = Au hasard
opt-move-text = Le coup, par ex. e3-d4 ou c3:e5
opt-game = Numéro de partie (si vous en jouez plusieurs ici)
command-syntax = Je n’ai pas compris « { $word } » dans { $command }. Écrivez : { $syntax }
opt-state-on = activé
opt-state-off = désactivé
opt-help-rules = Les règles
opt-help-tournament = Tournois
opt-tournament-id = Numéro du tournoi (s’il y en a plusieurs ici)
opt-challenge-id = Numéro du défi
opt-settings-key = lang, chatlang, theme, orientation, days, boards ou threads
opt-settings-value = La nouvelle valeur
opt-vacation-days = Jours pendant lesquels vos pendules s’arrêtent
select-move = Choisissez un coup ({ $first } … { $last })

## Puzzles (issue 7)
cmd-puzzle = Un problème : trouvez le coup gagnant
cmd-daily = Le problème du jour dans ce chat : on HH:MM +03:00, ou off
cmd-hint = Un indice pour votre problème
puzzle-caption = Les { $color ->
    [white] Blancs
   *[black] Noirs
} jouent et gagnent
theme-shot = combinaison
theme-multi-capture = rafle
theme-breakthrough = percée à dame
theme-king-endgame = finale de dames
theme-endgame = finale
theme-game-win = gagne la partie
theme-material = gagne du matériel
button-puzzle-hint = 💡 Indice
button-puzzle-solution = Solution
button-puzzle-next = Problème suivant
puzzle-show = Problème #{ $id } · classement { $rating } · { $themes }
    Les { $color ->
        [white] Blancs
       *[black] Noirs
    } jouent et gagnent { $moves ->
        [one] en un coup
       *[other] en { $moves } coups
    }. Envoyez votre coup (par ex. /puzzle { $example }, ou seulement le coup) ; /hint pour un indice, /puzzle solution pour abandonner.
puzzle-none = Aucun problème n’est chargé.
puzzle-unknown = Il n’y a pas de problème { $id }.
puzzle-no-pack = Il n’y a pas encore de problèmes en « { $variant } ». Il y en a en : { $variants }.
puzzle-no-open = Vous n’avez pas de problème ouvert ici : /puzzle vous en donne un.
puzzle-daily-done = Vous avez déjà essayé le problème du jour ici.
puzzle-illegal = { $move } n’est pas un coup réglementaire ici. Possibles : { $legal }
puzzle-wrong = Pas ce coup-là ({ $move }). { $left ->
    [one] Encore un essai
   *[other] Encore { $left } essais
}.
puzzle-failed = Pas ce coup-là ({ $move }), et plus d’essais. La solution : { $solution }
puzzle-right = Exact, { $move } ! L’adversaire répond { $reply }. À vous de jouer.
puzzle-solved = Résolu avec { $move } ! La solution : { $solution }
    Classement problèmes { $rating } ({ $delta }), série { $streak }.
puzzle-solved-unrated = Résolu avec { $move } ! La solution : { $solution }
puzzle-gave-up = Problème #{ $id }, la solution : { $solution }
puzzle-hint-square = Indice : commencez avec la pièce en { $square }.
puzzle-hint-move = Indice : jouez { $move }.
puzzle-top-empty = Aucun problème résolu dans ce chat pour l’instant : /puzzle pour commencer.
puzzle-top-header = Classement des problèmes dans ce chat :
puzzle-top-line = { $place }. { $name } — { $rating } ({ $solved } résolus, { $failed } manqués, série { $streak }, meilleure { $best })
daily-on = Le problème du jour est activé : chaque jour à { $time } ({ $offset }) ; le prochain le { $date }.
daily-on-variant = Le problème du jour ({ $variant ->
    [international] dames internationales
   *[other] { $variant_name }
}) est activé : chaque jour à { $time } ({ $offset }) ; le prochain le { $date }.
daily-off = Le problème du jour est désactivé dans ce chat.
daily-status-off = Le problème du jour est désactivé ici. Activez-le avec /daily on 09:00 +03:00 (l’heure du chat et son décalage UTC).
daily-bad-time = { $value } n’est pas une heure : utilisez HH:MM, par ex. 09:00.
daily-bad-offset = { $value } n’est pas un fuseau horaire : utilisez un décalage comme +03:00 ou -05:00, ou un nom comme Europe/Paris.
daily-post = Problème du jour du { $date } — #{ $id } · classement { $rating } · { $themes }
    Les { $color ->
        [white] Blancs
       *[black] Noirs
    } jouent et gagnent { $moves ->
        [one] en un coup
       *[other] en { $moves } coups
    }. Envoyez votre premier coup ; /hint pour un indice.
daily-yesterday = Le problème du jour précédent #{ $id } : { $solution }
daily-post-variant = Problème du jour du { $date } ({ $variant ->
    [international] dames internationales
   *[other] { $variant_name }
}) — #{ $id } · classement { $rating } · { $themes }
    Les { $color ->
        [white] Blancs
       *[black] Noirs
    } jouent et gagnent { $moves ->
        [one] en un coup
       *[other] en { $moves } coups
    }. Envoyez votre premier coup ; /hint pour un indice.
opt-puzzle-text = Votre coup, un numéro de problème, ou « solution »
opt-puzzle-variant = Un problème de cette variante (sans elle : russe)
opt-daily-state = on ou off
opt-daily-time = L’heure du chat, HH:MM
opt-daily-offset = Le décalage UTC du chat, par ex. +03:00
opt-daily-variant = Le problème du jour de cette variante ; avec on : la variante publiée chaque jour

# The console's own frame (shashki console), around the bot's messages.
console-banner = console shashki — vous êtes { $user }. /help liste les commandes ; /as NOM change d’utilisateur ; /pick N appuie sur un bouton ; Ctrl-D pour quitter.
console-downtime = (le bot a été arrêté { $secs } s : les échéances ont été prolongées d’autant)
console-speaking-as = (vous parlez maintenant en tant que { $user })
console-pressed = (appui sur « { $label } »)
console-no-button = (pas de bouton { $n } — le dernier message avait { $count } boutons)
console-board-image = [image du damier : { $path }]
console-attached = [{ $name } joint ; /pdn l’affiche]
console-buttons = boutons :

# Tournaments
tournament-created = Le tournoi #{ $id } « { $name } » est ouvert : { $format ->
    [drr] un double toutes rondes
    [swiss] un système suisse en { $rounds } rondes
   *[other] un toutes rondes
}{ $micro ->
    [yes] {" "}en micro-matchs (deux parties par appariement à partir d’une ouverture tirée au sort, couleurs inversées)
   *[other] {" "}en parties simples à partir d’une ouverture tirée au sort
}, { $time }, { $leave } jours de congé chacun, tirage { $ballot }, { $rated ->
    [yes] classé
   *[other] amical (les classements ne changent pas)
}, { $max } joueurs au plus. Inscription avec /tournament join ; un admin le lance avec /tournament start.
tournament-variant = Joué en { $variant }, à partir des ouvertures équilibrées du moteur (aucun tirage fédéral n’existe pour ce jeu).
tournament-ballot-variant = Le tirage FMJD est celui des dames russes : un tournoi en { $variant } tire ses ouvertures de la liste équilibrée du moteur (retirez « ballot fmjd »).
tournament-joined = { $player } s’inscrit au tournoi #{ $id } « { $name } » ({ $count } inscrits).
tournament-joined-late = { $player } s’inscrit en retard au tournoi #{ $id } « { $name } » : un demi-point pour chacune des { $rounds } rondes manquées ; apparié à partir de la ronde { $next }.
tournament-left = { $player } quitte le tournoi #{ $id } « { $name } » ({ $count } inscrits).
tournament-started = Le tournoi #{ $id } « { $name } » commence : { $players } joueurs, { $rounds ->
    [0] { $games } parties, { $waiting ->
        [0] toutes à la fois
       *[other] { $now } maintenant, les { $waiting } autres par étapes, à mesure que des parties se terminent
    }
   *[other] ronde 1 sur { $rounds }, { $games } parties
}, { $time }. Vos parties : /games ; un damier : /board #N.
tournament-game-started = R{ $round } #{ $game } { $white } – { $black } · { $opening }
tournament-more-games = Tournoi #{ $id } « { $name } » : { $count ->
    [one] une partie de plus commence
   *[other] { $count } parties de plus commencent
} :
tournament-waiting = { $count } parties de plus attendent de commencer : chacune commence dès que ses deux joueurs ont de la place pour elle (au plus { $limit } parties en cours par joueur), et le chat aussi.
tournament-no-room = Le tournoi #{ $id } ne peut pas commencer : une ronde compte { $games } parties, et ce chat n’a de place que pour { $room } parties de tournoi de plus (au plus { $limit } parties en cours ici, dont { $share } en tournoi, pour que les autres parties du chat aient toujours de la place).
tournament-players-busy = Le tournoi #{ $id } ne peut pas commencer : ces joueurs n’ont pas de place pour { $games ->
    [one] la partie
   *[other] les { $games } parties
} d’une ronde (au plus { $limit } parties en cours par joueur) : { $names }. Qu’ils en terminent d’abord, ou qu’un admin les retire avec /tournament remove @nom.
tournament-status = Tournoi #{ $id } « { $name } » ({ $status ->
    [open] inscriptions ouvertes
    [running] en cours
    [finished] terminé
   *[other] annulé
}, { $format }{ $micro ->
    [yes] , micro-matchs
   *[other] {""}
}, { $rated ->
    [yes] classé
   *[other] amical
}, { $max } joueurs au plus). Joueurs ({ $count }) : { $players }
tournament-to-move = #{ $game } { $white } – { $black } : au tour de { $player }
tournament-progress = { $done } parties terminées sur { $games }. Classement : /standings
tournament-standings = Classement du tournoi #{ $id } « { $name } » :
tournament-finished = Le tournoi #{ $id } « { $name } » est terminé ! { $count ->
    [one] Le vainqueur : { $winners }.
   *[other] Première place partagée : { $winners }.
} Classement final :
tournament-pdn = Tournoi #{ $id } « { $name } » : { $games } parties en PDN.
tournament-usage = Créer un tournoi : /tournament new NOM [rr|drr|swiss-N] [micro|single] [days N] [bank COUPS/JOURS] [leave N] [ballot fmjd|balanced] [VARIANTE] [max N] [rated|casual] [until AAAA-MM-JJ] ; puis /tournament join, /tournament start, /tournament, /standings, /tournament pdn, /tournament missing, /tournament pause N (jours de congé) ; /tournament leave pour se retirer (admins : /tournament remove @nom, /tournament adjudicate PARTIE RÉSULTAT, /tournament cancel). Tout : /help tournament
tournament-bad-word = « { $word } » n’est pas une option de tournoi (rr, drr, micro, single, days N, bank COUPS/JOURS, leave N, ballot fmjd|balanced, max N, rated, casual, une variante : international, bashni, …). Système suisse : swiss-7.
tournament-unknown = Il n’y a pas de tournoi { $id } dans ce chat.
tournament-none = Il n’y a pas de tournoi dans ce chat. Un admin en crée un avec /tournament new NOM.
tournament-which = Il y a plusieurs tournois ici ({ $ids }) : ajoutez le numéro, par ex. /tournament join { $ids }.
tournament-not-open = Les inscriptions au tournoi #{ $id } sont closes.
tournament-too-late = Le tournoi #{ $id } a déjà apparié { $rounds } rondes : une inscription tardive n’est acceptée que jusqu’à la moitié des rondes appariées.
tournament-already-in = Vous êtes déjà inscrit au tournoi #{ $id }.
tournament-not-in = Vous n’êtes pas inscrit au tournoi #{ $id }.
tournament-too-few = Un tournoi demande au moins 2 joueurs ; { $players } inscrits.
tournament-time-forfeits = { $player } a perdu deux parties du tournoi #{ $id } au temps et en est retiré.
tournament-round = Tournoi #{ $id } « { $name } » : la ronde { $round } sur { $rounds } commence.
tournament-bye = R{ $round } { $player } : exempt (les points d’une ronde gagnée)
tournament-full = Le tournoi #{ $id } est complet : { $limit } joueurs.
tournament-not-entered = { $name } n’est pas inscrit au tournoi #{ $id }.
tournament-over = Le tournoi #{ $id } est terminé.
tournament-withdrawn = { $player } se retire du tournoi #{ $id } « { $name } »{ $games ->
    [0] .
    [one] : { $games } partie en cours est perdue.
   *[other] : { $games } parties en cours sont perdues.
} Au classement, les parties non jouées comptent comme perdues, ou, si moins de la moitié a été jouée, tous les résultats de { $player } sont annulés.
tournament-cancelled = Le tournoi #{ $id } « { $name } » est annulé par { $admin }{ $games ->
    [0] .
    [one] : sa partie en cours se termine sans résultat.
   *[other] : ses { $games } parties en cours se terminent sans résultat.
} Classements et tableau n’en tiennent pas compte.
tournament-missing = Tournoi #{ $id } « { $name } »{ $round ->
    [0] {""}
   *[other] , ronde { $round }
} : { $count ->
    [one] { $count } partie est
   *[other] { $count } parties sont
} encore en cours :
tournament-missing-line = R{ $round } #{ $game } { $white } – { $black } : au tour de { $player }, { $left }
tournament-missing-none = Tournoi #{ $id } « { $name } » : aucune partie en cours.
tournament-overdue = le temps est écoulé
tournament-adjudicated = La partie #{ $game } ({ $white } – { $black }) du tournoi #{ $id } est tranchée par { $admin }.
tournament-advice = Partie #{ $game } { $white } – { $black }, au tour de { $player }. Le conseil du moteur (profondeur { $depth }) : { $eval } ; meilleur coup : { $best }. Pour trancher : /tournament adjudicate { $game } 1-0, 0-1 ou 1/2.
advice-eval-even = position à peu près égale ({ $men } pions)
advice-eval-better = les { $side ->
    [white] Blancs
   *[black] Noirs
} ont { $men } pions d’avance
advice-eval-win = les { $side ->
    [white] Blancs
   *[black] Noirs
} gagnent par force (en { $plies } demi-coups)
advice-no-move = aucun (pas de coup possible)
tournament-crosstable-page = Tournoi #{ $id } « { $name } » : tableau croisé, page { $page } sur { $pages }
tournament-bad-max = Un tournoi accueille de 2 à 64 joueurs ; « { $max } » n’en fait pas partie.
adjudicate-usage = Écrivez la partie et le résultat : /tournament adjudicate 12 1-0 (ou 0-1, 1/2) ; sans résultat, vous obtenez le conseil du moteur.
adjudicate-bad-result = « { $word } » n’est pas un résultat : écrivez 1-0 (les Blancs gagnent), 0-1 (les Noirs gagnent) ou 1/2 (nulle).
not-a-tournament-game = La partie { $game } n’appartient à aucun tournoi de ce chat.
tournament-removed = { $player } est retiré de la liste du tournoi #{ $id } « { $name } » ({ $count } inscrits).
cmd-tournament = Tournois : new, join, leave, start, missing, adjudicate, cancel, pdn
opt-tournament-text = new NOM rr micro days 3 max 20 casual · join · leave · start · missing · cancel · pdn
opt-help-topic = Un sujet : rules ou tournament
cmd-standings = Le classement d’un tournoi (tableau croisé)
replay-caption = Rejouer la partie #{ $game } : { $white } – { $black }, { $plies } demi-coups, { $result }.
position-caption = { $color ->
    [white] Blancs
   *[black] Noirs
} au trait, { $moves ->
    [0] aucun coup possible (le camp au trait a { $stuck ->
        [won] gagné
       *[lost] perdu
    })
    [one] un seul coup possible
   *[other] { $moves } coups possibles
}. FEN : { $fen }
bad-fen = Ce n’est pas une position : { $error }. Une FEN ressemble à W:W21-32:B1-12 (le camp au trait, puis les pièces blanches et noires ; K devant une dame).
position-usage = Écrivez une position après la commande, par exemple /position W:Wc3,e3,Kh2:Bd6,f6 (une variante d’abord pour ses règles et ses numéros de cases : /position italian W:W21,22:B9,10).
cmd-replay = La partie en animation (GIF)
cmd-position = Afficher une position à partir de sa FEN
opt-fen = La position, par ex. W:W21-32:B1-12
analyse-started = Analyse de la partie #{ $game } ({ $plies } demi-coups) : le résultat arrivera ici quand le moteur aura fini.
analyse-pending = La partie #{ $game } est déjà en cours d’analyse ; le résultat arrivera ici quand ce sera fini.
analyse-unfinished = La partie #{ $game } est toujours en cours : elle pourra être analysée une fois terminée.
analyse-too-many = Vous avez déjà { $limit } analyses en attente ; redemandez quand elles seront finies.
analyse-summary = Analyse de la partie #{ $game } (profondeur du moteur { $depth }) :
    Blancs { $white } : précision { $white_acc } %, imprécisions ?! { $white_dubious }, erreurs ? { $white_mistakes }, gaffes ?? { $white_blunders }{ $white_worst }
    Noirs { $black } : précision { $black_acc } %, imprécisions ?! { $black_dubious }, erreurs ? { $black_mistakes }, gaffes ?? { $black_blunders }{ $black_worst }
    Le PDN contient toutes les annotations et le meilleur coup après chaque erreur.
analyse-worst = {" "}; le pire coup : { $move } — mieux : { $better }
analyse-sub-move = { $move } ({ $which ->
    [first] premier coup du tour
   *[second] second coup du tour
})
cmd-analyse = L’analyse d’une partie terminée par le moteur

# Clocks: bank time and leave days (issue 13)
tournament-time-per-move = { $per_move } par coup
tournament-time-bank = une réserve de { $moves } coups en { $days } jours (le temps non utilisé est reporté)
bank-left = Réserve : Blancs { $white }, Noirs { $black } ; { $togo } coups à jouer pour { $days } jours de plus (tous les { $moves } coups).
tournament-bad-bank = « { $word } » n’est pas une réserve : écrivez COUPS/JOURS, par ex. bank 10/30 (1–100 coups en 1–365 jours).
tournament-not-running = Le tournoi #{ $id } n’est pas en cours.
leave-usage = Envoyez /tournament pause N pour arrêter vos parties du tournoi #{ $id } pendant N jours. Il vous y reste { $left } jours de congé.
leave-too-long = Vous demandez { $days } jours mais il ne vous reste que { $left } jours de congé dans le tournoi #{ $id }.
leave-set = Vos parties du tournoi #{ $id } « { $name } » sont arrêtées pendant { $days ->
    [one] { $days } jour
   *[other] { $days } jours
}. Jours de congé restants : { $left }.
leave-announce = { $player } prend { $days ->
    [one] { $days } jour de congé
   *[other] { $days } jours de congé
} dans le tournoi : { $count ->
    [one] la pendule de la partie { $games } s’arrête
   *[other] les pendules des parties { $games } s’arrêtent
} pendant ce temps. { $opponent }, vos échéances ne changent pas.
tournament-ends = Se termine le { $date } (UTC) : les parties inachevées à cette date seront tranchées par l’organisateur.
tournament-bad-end = « { $word } » n’est pas une date de fin : écrivez un jour à venir sous la forme AAAA-MM-JJ, par exemple until 2027-03-01.
tournament-past-end = Le tournoi #{ $id } « { $name } » a atteint sa date de fin avec { $count } parties inachevées : l’organisateur les tranche (/tournament adjudicate PARTIE affiche le conseil du moteur ; /tournament adjudicate PARTIE 1-0|0-1|draw décide).
if-stored = Enregistré pour la partie #{ $game } (vous seul le voyez) : { $line }. Le coup est joué pour vous dès que le coup de votre adversaire correspond ; tout autre coup annule vos variantes.
if-none = Vous n’avez pas de coups conditionnels dans la partie #{ $game }. Écrivez /if #{ $game } X Y : si votre adversaire joue X, Y est joué pour vous aussitôt.
if-list = Vos coups conditionnels dans la partie #{ $game } :
if-cleared = Partie #{ $game } : { $count } variantes conditionnelles supprimées.
if-in-public = Les coups conditionnels sont secrets : envoyez /if dans une conversation privée avec le bot (avec le numéro de partie, /if #12 …), pour que votre adversaire ne les lise pas ici.
if-usage = Écrivez le coup de votre adversaire et votre réponse, et d’autres paires si vous voulez : /if #12 f6-g5 c3-d4 (g7-f6 b2-c3). /if #12 les liste, /if #12 clear les supprime.
if-your-turn = C’est à vous de jouer dans la partie #{ $game } : jouez ; les coups conditionnels sont pour le tour de votre adversaire.
if-illegal = Partie #{ $game } : { $move } n’y est pas jouable ({ $error }) ; la variante n’a pas été enregistrée.
if-too-many = Vous avez déjà { $limit } variantes conditionnelles dans cette partie ; supprimez-en avec /if clear.
cmd-if = Coups conditionnels : s’il joue X, répondre Y
opt-if-text = #partie, puis son coup et votre réponse, par ex. #12 f6-g5 c3-d4
button-analyse = 🔍 Analyser
button-replay = ▶ Rejouer
variant-unknown = « { $word } » n’est pas une variante : choisissez russian, poddavki, brazilian, pool, english, czech, italian, portuguese, international, frisian, frysk, antidraughts, breakthrough, russian-10x8, bashni ou vigman.
variant-russian = Dames russes
variant-poddavki = Poddavki (qui-perd-gagne)
variant-brazilian = Dames brésiliennes
variant-pool = Pool checkers
variant-english = Dames anglaises (checkers)
variant-czech = Dames tchèques
variant-italian = Dames italiennes
variant-portuguese = Dames portugaises
variant-international = Dames internationales
variant-frisian = Dames frisonnes
variant-frysk = Frysk!
variant-antidraughts = Antidames
variant-breakthrough = Percée
variant-russian-10x8 = Dames russes sur 10×8
variant-bashni = Bachni (tours)
variant-vigman = Jeu double de Vigman
challenge-from = À partir de la position { $fen }.
takeback-done = { $player } reprend son dernier coup et la réponse de l’IA dans la partie #{ $game }.
takeback-rated = Pas de reprise dans la partie #{ $game } : seulement dans les parties amicales, jamais dans les parties classées ou de tournoi.
takeback-wait = Partie #{ $game } : attendez le coup de l’IA, puis reprenez.
takeback-nothing = Partie #{ $game } : vous n’avez encore aucun coup à reprendre.

cmd-notify = Messages privés quand c’est à vous de jouer : on ou off
opt-notify-state = on ou off
notify-is-on = Les notifications privées sont activées : je vous écris quand c’est à vous de jouer dans une partie de groupe, quand un rappel de votre coup arrive et quand votre adversaire propose la nulle ou demande à reprendre un coup. /notify off les désactive.
notify-is-off = Les notifications privées sont désactivées. /notify on : je vous écrirai en privé quand ce sera à vous de jouer dans une partie de groupe.
notify-turned-on = Notifications privées activées : je vous écrirai quand ce sera à vous de jouer dans une partie de groupe.
notify-turned-off = Notifications privées désactivées.
notify-usage = Utilisation : /notify on ou /notify off (/notify : l’état actuel).
notify-open-private = Telegram ne permet à un bot de vous écrire qu’après que vous avez ouvert une conversation privée avec lui : appuyez sur le bouton ci-dessous, puis sur « Démarrer ».
button-open-private = 💬 Ouvrir une conversation privée
button-open-game = ♟ Ouvrir la partie
notify-turn = À vous de jouer dans la partie #{ $game } ({ $chat }) : { $opponent } a joué { $move }.
notify-start = La partie #{ $game } ({ $chat }) a commencé : à vous de jouer.
notify-reminder = Rappel : il vous reste { $left } pour jouer dans la partie #{ $game } ({ $chat }).
notify-draw = { $player } propose la nulle dans la partie #{ $game } ({ $chat }).
notify-takeback = { $player } demande à reprendre son dernier coup dans la partie #{ $game } ({ $chat }).
settings-threads = Chaque nouvelle partie dans son propre fil : { $state ->
    [on] oui
   *[off] non
} (/settings threads on|off).
game-thread-name = Partie #{ $game } : { $white } – { $black }
game-in-thread = La partie #{ $game } se joue dans son propre fil.
cmd-takeback = Reprendre votre dernier coup (parties amicales)
takeback-asked = { $player } demande à reprendre son dernier coup dans la partie #{ $game }. { $opponent }, d’accord ?
takeback-agreed = { $opponent } accepte : le dernier coup de { $player } dans la partie #{ $game } est repris.
takeback-declined = { $opponent } refuse la reprise demandée par { $player } dans la partie #{ $game }.
takeback-pending = Partie #{ $game } : une demande de reprise attend déjà une réponse.
takeback-lapsed = Partie #{ $game } : cette demande de reprise n’est plus valable (un coup a été joué depuis, ou elle a déjà reçu une réponse).
takeback-not-yours = Partie #{ $game } : seul votre adversaire peut répondre à votre demande de reprise.
opt-challenge-rating = Classée ou amicale
opt-rating-rated = Classée
opt-rating-casual = Amicale
analyse-progress = Analyse de la partie #{ $game }… { $percent } % ({ $done } sur { $plies } demi-coups)
analyse-files = Partie #{ $game } : la courbe d’évaluation et le PDN annoté.
analyse-failed = La partie #{ $game } n’a pas pu être analysée.
opt-challenge-opponent = Qui : un membre de ce serveur
opt-challenge-variant = Quelles dames
opt-top-list = Quel classement : solveurs de problèmes ou joueurs d’une variante
opt-top-puzzles = Solveurs de problèmes
inline-daily-title = Problème du jour #{ $id }
inline-daily-description = Les { $color ->
        [white] Blancs
       *[black] Noirs
    } jouent et gagnent { $moves ->
        [one] en un coup
       *[other] en { $moves } coups
    } · classement { $rating }
inline-daily-text = Problème de dames du jour #{ $id } : les { $color ->
        [white] Blancs
       *[black] Noirs
    } jouent et gagnent { $moves ->
        [one] en un coup
       *[other] en { $moves } coups
    }. Saurez-vous le résoudre ?
inline-daily-button = 🧩 Résoudre
inline-daily-international-title = Problème du jour #{ $id } · dames internationales
inline-daily-international-description = 10×10 · Les { $color ->
        [white] Blancs
       *[black] Noirs
    } jouent et gagnent { $moves ->
        [one] en un coup
       *[other] en { $moves } coups
    } · classement { $rating }
inline-daily-international-text = Problème de dames internationales du jour #{ $id } (10×10) : les { $color ->
        [white] Blancs
       *[black] Noirs
    } jouent et gagnent { $moves ->
        [one] en un coup
       *[other] en { $moves } coups
    }. Saurez-vous le résoudre ?
inline-play-title = Jouez aux dames avec moi
inline-play-description = Envoyer une invitation à une partie de dames russes
inline-play-text = { $name } vous invite à une partie de dames russes : ouvrez le bot, ou ajoutez-le à un chat avec vous deux et envoyez /challenge.
inline-play-button = ♟ Jouer
takeback-declined-already = Partie #{ $game } : votre reprise de coup a été refusée ; vous pourrez redemander après le prochain coup.

# the web board (issue 24)
cmd-web = Votre lien vers la partie (ou votre problème ouvert) sur le damier web
web-off = Le damier web n’est pas configuré sur ce bot.
web-link = Partie #{ $game } sur le damier web (ce lien est à vous seul, pour { $hours } heures) : { $url }
web-sent-private = Je vous ai envoyé le lien en message privé.
web-title = Partie #{ $game }
web-flip = Retourner
web-pdn = PDN
web-draw = Proposer la nulle
web-resign = Abandonner
web-confirm-resign = Abandonner cette partie ?
web-confirm-draw = Proposer (ou accepter) la nulle ?
web-moves = Coups
web-link-invalid = Ce lien n’ouvre pas cette page (faux, expiré ou révoqué). Demandez-en un nouveau avec /web.
web-slow-down = Trop de requêtes : patientez un instant.
web-private-game = La partie #{ $game } appartient à une conversation privée : seuls ses joueurs l’ouvrent sur le damier web.
web-spectators-off = Dans ce groupe, seuls les joueurs ouvrent la partie #{ $game } sur le damier web (un administrateur peut l’ouvrir à tous : /settings web on).
web-app-invalid = La connexion Telegram de cette page n’est pas valable (falsifiée ou trop ancienne). Rouvrez le damier depuis la conversation.
web-app-no-game = Cette page ouvre une partie depuis son damier dans la conversation : appuyez là sur « Ouvrir le damier ».
web-app-opening = Ouverture du damier…
button-open-board = 🌐 Ouvrir le damier
web-link-puzzle = Problème #{ $id } sur le damier web (ce lien est à vous seul, pour { $hours } heures) : { $url }
web-link-tournament = Tournoi #{ $id } « { $name } » sur le damier web (ce lien est à vous seul, pour { $hours } heures) : { $url }
web-tournament-spectators-off = Dans ce groupe, seuls les joueurs du tournoi #{ $id } ouvrent sa page sur le damier web (un administrateur peut l’ouvrir à tous : /settings web on).
web-puzzle-over = Votre essai du problème #{ $id } est terminé ici : sa solution est sur la page.
puzzle-try-counted = Vous avez déjà essayé ce coup dans le problème #{ $id } : il n’est pas compté une seconde fois.
web-piece-white-man = pion blanc
web-piece-black-man = pion noir
web-piece-white-king = dame blanche
web-piece-black-king = dame noire
web-puzzle-title = Problème #{ $id }
web-puzzle-task = Les { $color ->
    [white] Blancs
   *[black] Noirs
} jouent et gagnent { $moves ->
    [one] en un coup
   *[other] en { $moves } coups
} · classement { $rating } · { $themes }
web-puzzle-your-move = À vous : touchez une pièce, puis la case où elle va (ou faites-la glisser).
web-puzzle-solved = Résolu — bravo !
web-puzzle-failed = Ce problème est terminé pour vous ici : sa solution est derrière le bouton ci-dessous.
web-puzzle-confirm-solution = Abandonner ce problème et voir sa solution ?
web-puzzle-solution-hidden = La solution s’affiche une fois votre essai terminé : résolvez le problème ou abandonnez.
web-tournament-title = Tournoi #{ $id } « { $name } »
web-tournament-status = { $status ->
    [open] Inscriptions ouvertes
    [running] En cours
    [finished] Terminé
   *[other] Annulé
}
web-tournament-round = ronde { $round } sur { $rounds }
web-tournament-crosstable = Tableau croisé
web-tournament-games = Parties en cours
web-tournament-no-games = Aucune partie n’est en cours.
settings-web = Le damier web pour tous, pas seulement les joueurs : { $state ->
    [on] oui
   *[off] non
} (/settings web on|off).
settings-web-set = Le damier web des parties de ce groupe : { $state ->
    [on] tout le monde peut regarder.
   *[off] réservé à leurs joueurs.
}
variant-not-playable = { $variant } ne peut pas encore être joué ici : le bot ne tient pas encore les parties de ce jeu. Choisissez une autre variante, par ex. /challenge @nom international.
if-variant = Un coup conditionnel répond à un coup de l’adversaire ; en { $variant }, un tour compte deux coups, il n’y en a donc pas.
