# shashki — latviešu teksti (Fluent). Katrs id šeit ir arī en.ftl.
# Termini: kauliņš (vienkāršs kauliņš), dāma, sist (sitiens), neizšķirts,
# galdiņš, lauciņš, gājiens, partija. Lauciņus apzīmē kā šahā: a–h, 1–8.
# Daudzskaitlis: [one] der arī 21, 31… (ne 11), tāpēc tajā vienmēr ir skaitlis;
# kur skaitli neraksta (uzvarētāji, partiju saraksts), lieto [1].

help-head = Krievu dambrete (šaški). Komandas:
help-line-move = /move e3-d4 — izdarīt gājienu (sitiens: c3:e5, vairāku kauliņu: c3:e5:g7)
help-line-board = /board — parādīt galdiņu
help-line-challenge =
    /challenge ai 3 white — spēlēt pret MI (līmeņi 1–8; white, black vai random)
    /challenge @vārds 3 — izaicināt kādu, 3 dienas gājienam (1–14 vai unlimited)
    /challenge — atklāts izaicinājums, ko var pieņemt jebkurš šeit
    /challenge @vārds draudzīgā — draudzības partija: bez reitinga, gājienus atsauc pēc vienošanās (/takeback)
help-line-games = /games — jūsu partijas un kam gājiens
help-line-draw = /draw — piedāvāt vai pieņemt neizšķirtu
help-line-resign = /resign — padoties
help-line-pdn = /pdn — partijas pieraksts
help-line-top = /top — šī čata reitings
help-line-vacation = /vacation 7 — apturēt jūsu pulksteņus uz 7 dienām
help-line-notify = /notify on — privāta ziņa, kad jūsu gājiens partijā grupā (/notify off — vairs nerakstīt)
help-line-settings = /settings — valoda, tēma, galdiņš
help-line-puzzle = /puzzle — uzdevums risināšanai · /puzzle starptautiskās — uz 10×10 · /top puzzles
help-line-hint = /hint — mājiens
help-line-daily = /daily on 09:00 +03:00 — dienas uzdevums šeit (ar vārdu „starptautiskā” — uz 10×10)
help-line-tournament = /tournament new NOSAUKUMS — korespondences turnīrs šajā čatā (administratori) · /tournament join · /standings · /help tournament
help-line-replay = /replay — partija animācijā
help-line-analyse = /analyse — pabeigtas partijas analīze ar dzinēju
help-line-position = /position W:Wc3,e3:Bd6 — parādīt jebkuru pozīciju pēc tās FEN
help-line-help = /help rules — krievu dambretes noteikumi
help-tail = Var arī vienkārši nosūtīt gājienu, piemēram, e3-d4, vai nospiest pogas.

help-tournament =
    Korespondences turnīri šajā čatā:
    /tournament new NOSAUKUMS [rr|drr|swiss-N] [micro|single] [days N] [bank GĀJIENI/DIENAS] [leave N] [ballot fmjd|balanced] [VARIANTS] [max N] [rated|casual] [until GGGG-MM-DD] — atvērt turnīru (administratori). Pēc noklusējuma: rr (riņķa turnīrs; drr: divu riņķu; swiss-7: Šveices sistēma 7 kārtās), micro (divas partijas pārim no vienas izlozētas atklātnes, mainot krāsas), čata dienas gājienam (bank 10/30: 10 gājieni 30 dienās, neizmantotais laiks pāriet tālāk), 30 atvaļinājuma dienas katram spēlētājam, ballot balanced, čata variants (cits, piem. international vai bashni: atklātnes no dzinēja līdzsvarotā saraksta), ne vairāk kā 20 spēlētāji (2–64), rated.
    /tournament join · /tournament leave — pieteikties; aiziet (pēc sākuma: izstāties) · /tournament remove @vārds — tas pats citam spēlētājam (administratori)
    /tournament start — izlozēt pārus un sākt partijas (administratori)
    /tournament — spēlētāji, notiekošās partijas, kam gājiens · /tournament missing — partijas, kas aiztur turnīru, un to termiņi
    /standings — turnīra tabula (teksts un attēls) · /tournament pdn — visas tā partijas vienā PDN failā
    /tournament adjudicate PARTIJA 1-0|0-1|1/2 — izšķirt nepabeigtu partiju (administratori); bez rezultāta: dzinēja vērtējums un labākais gājiens kā padoms
    /tournament cancel — beigt turnīru; tā notiekošās partijas beidzas bez rezultāta (administratori)
    /tournament pause N — ņemt N atvaļinājuma dienas: visas jūsu šī turnīra partijas, kurās iet jūsu pulkstenis, saņem N dienas vairāk
    Ja čatā ir vairāki turnīri, pievienojiet numuru: /tournament missing #2.
    Punkti: uzvara 2, neizšķirts 1, zaudējums 0 par partiju (iekavās tas pats kā 1, ½, 0); mikromačs dod 0–4.
    Vienādi punkti: riņķa turnīrā — uzvaru skaits (Uzv), tad Zonnenborna-Bergera koeficients (SB); Šveices sistēmā — saīsinātais Solkofs (Bh-1: pretinieku punkti bez mazākā), tad Zonnenborns-Bergers, tad uzvaras, tad savstarpējās partijas (Sav). Reitings vietas nekad neizšķir.
    Draudzības turnīrs (casual) reitingus nemaina. Izstājies spēlētājs zaudē atlikušās partijas; ja viņš nospēlējis mazāk par pusi, visi viņa rezultāti tiek anulēti.

help-rules =
    Krievu dambrete: noteikumi.
    Galdiņš: 8×8, spēlē tikai uz 32 tumšajiem lauciņiem; a1 ir tumšs, balto kreisajā apakšējā stūrī. Lauciņus apzīmē kā šahā: vertikāles a–h, horizontāles 1–8.
    Katram spēlētājam ir 12 kauliņi uz tumšajiem lauciņiem trīs tuvākajās rindās. Pirmo gājienu izdara baltie; gājienus izdara pārmaiņus, un gājienu nevar izlaist.
    Kauliņš iet vienu lauciņu pa diagonāli uz priekšu. Kauliņš, kas sasniedz tālāko malu, pārvēršas par dāmu; dāma iet pa diagonāli par jebkuru brīvu lauciņu skaitu.
    Sišana ir obligāta: kauliņš pārlec pāri pretinieka kauliņam uz brīvu lauciņu aiz tā. Kauliņi sit arī atpakaļ; dāma sit jebkurā attālumā un var apstāties uz jebkura brīva lauciņa aiz nosistā. Sitiens turpinās, kamēr var sist vēl; no vairākiem sitieniem var izvēlēties jebkuru — ne obligāti to, kurā nosit visvairāk.
    Nosistos kauliņus noņem tikai pēc gājiena beigām („turku sitiens”), un vienu kauliņu nedrīkst sist divreiz. Kauliņš, kas sitiena laikā sasniedz tālāko malu, uzreiz kļūst par dāmu un turpina sist kā dāma.
    Pieraksts: gājiens f4-g5, sitiens f4:h6, vairāku kauliņu sitiens f4:h6:f8:c5.
    Kas nevar izdarīt gājienu, zaudē (visi kauliņi nosisti vai iesprostoti); tāpat zaudē tas, kas padodas vai pārtērē laiku.
    Neizšķirts: pēc vienošanās; tā pati pozīcija trešo reizi; 15 gājieni tikai ar dāmām, bez sitieniem un bez vienkāršo kauliņu gājieniem; trīs (vai vairāk) dāmas 15 gājienos nenoķer vienu dāmu; viena dāma uz garā ceļa a1–h8 pret trim kauliņiem, ja 5 gājienos nav uzvaras; abiem ir dāmas un spēku samērs nemainās (2–3 kauliņi: 5 gājieni, 4–5: 30, 6–7: 60).

unknown-command = Komandu /{ $command } es nezinu. Nosūtiet /help, lai redzētu komandu sarakstu.
move-usage = Rakstiet gājienu aiz /move, piemēram: /move e3-d4
something-went-wrong = Kaut kas nogāja greizi; nekas netika saglabāts. Lūdzu, mēģiniet vēlreiz pēc brīža.
chat-busy = Šajā čatā ir pārāk daudz pieprasījumu vienlaikus; nekas netika izdarīts. Lūdzu, mēģiniet vēlreiz pēc brīža.
slow-down = Lūdzu, lēnāk: šeit gaida pārāk daudz jūsu pieprasījumu, tāpēc pēdējie netika pieņemti. Mēģiniet vēlreiz pēc minūtes.
button-invalid = Šī poga vairs nav derīga.
button-stale = Pozīcija ir mainījusies, kopš šī poga tika parādīta: apskatiet jauno galdiņu.
button-back = ‹ atpakaļ
choose-target = Kur jāiet kauliņam no { $square }?
choose-piece = Ar kuru kauliņu jūs ejat?
resign-confirm = Padoties partijā #{ $game }? To nevarēs atsaukt.
button-resign-yes = Jā, padoties
not-a-player = Jūs nespēlējat partijā #{ $game }.
game-already-over = Partija #{ $game } jau ir beigusies.
ai-name = MI ({ $level }. līmenis)
duration-days = { $days ->
    [one] { $days } diena
   *[other] { $days } dienas
}
duration-days-hours = { $days ->
    [one] { $days } diena
   *[other] { $days } dienas
} { $hours } st.
duration-hours-minutes = { $hours } st. { $minutes } min
duration-minutes = { $minutes } min
no-deadline = bez laika ierobežojuma
board-caption = #{ $game }{ $variant ->
    [russian] {""}
   *[other] {" · "}{ $variant_name }
} · { $white } – { $black } · { $move }. gājiens{ $sub ->
    [first] {", pirmais no diviem"}
    [second] {", otrais no diviem"}
   *[none] {""}
}{ $casual ->
    [yes] {" · draudzības"}
   *[no] {""}
}
to-move = iet { $color ->
    [white] baltie
   *[black] melnie
}, { $player }.
time-left = Atlikušais laiks: { $time }.
clock-of-game = Partija #{ $game }: { $clock }
move-number = { $move }. gājiens:
turn-note = { $move }, tagad iet { $player }.
turn-sub-move = { $sub ->
    [second] Otrais gājiens no diviem.
   *[first] Pirmais gājiens no diviem.
}
turn-note-second = { $move }; { $player } izdara otro gājienu no diviem.
button-flip = ⇅ Apgriezt
button-rematch = ↻ Revanšs
button-draw = ½ Neizšķirts
button-resign = ⚑ Padoties
button-accept = ✔ Pieņemt
button-decline = ✖ Noraidīt
button-accept-draw = ✔ Pieņemt neizšķirtu
button-decline-draw = ✖ Spēlēt tālāk
challenge-bad-word = Nesapratu „{ $word }”. Piemērs: /challenge @anna 3 white vai /challenge ai 5 black.
challenge-bad-level = { $level }. līmeņa nav: MI ir līmeņi no 1 līdz 8.
challenge-bad-days = { $days } dienas gājienam nav iespējamas: izvēlieties no 1 līdz 14 vai „unlimited”.
challenge-self = Sevi izaicināt nevar.
handle-too-long = „@{ $handle }” nevar būt neviena vārds: @vārdā ir ne vairāk kā { $max } rakstzīmes.
challenge-card = Izaicinājums #{ $id }: { $from } { $open ->
    [yes] aicina uz partiju jebkuru šeit.
   *[no] izaicina { $to }.
} { $from } spēlē ar { $color ->
    [white] baltajiem
    [black] melnajiem
   *[random] nejauši izvēlētu krāsu
}; { $per_move } gājienam{ $variant ->
    [russian] {""}
   *[other] , { $variant_name }
}{ $casual ->
    [yes] {", draudzības partija (bez reitinga)"}
   *[no] {""}
}. Spēkā { $expires }.
no-open-challenge = Šeit jums nav atklāta izaicinājuma. Sāciet to ar /challenge.
limit-challenges = Jums jau ir atklāti izaicinājumi: { $limit }. Gaidiet atbildes vai atsauciet kādu ar /decline.
limit-games = Jūs jau spēlējat partijas: { $limit }. Pabeidziet kādu, pirms sākat jaunu.
limit-chat-games = Šajā čatā jau notiek partijas: { $limit }. Pabeidziet kādu, pirms sākat jaunu.
limit-ai-games = Jūs jau spēlējat partijas pret MI: { $limit }. Vispirms pabeidziet kādu.
limit-opponent-games = Jūsu pretinieks jau spēlē partijas: { $limit }. Viņam vispirms jāpabeidz kāda.
challenge-unknown = Šajā čatā nav izaicinājuma #{ $id }.
challenge-closed = Izaicinājums #{ $id } vairs nav atklāts.
button-share = 📨 Dalīties
challenge-share-text = { $from } aicina jūs uz dambretes partiju grupā «{ $chat }» (izaicinājums #{ $id }).
challenge-link = Izaicinājums #{ $id }: { $from } aicina jūs uz dambretes partiju grupā «{ $chat }», { $per_move } gājienam ({ $variant_name }). Pieņemiet, un partija sāksies tur.
challenge-accepted-there = Jūs pieņēmāt izaicinājumu: partija #{ $game } sākas grupā «{ $chat }».
challenge-own = Tas ir jūsu paša izaicinājums: to jāpieņem kādam citam.
challenge-not-for-you = Šis izaicinājums ir adresēts kādam citam.
challenge-cancelled = { $name } atsauca izaicinājumu #{ $id }.
challenge-declined = { $name } noraidīja izaicinājumu #{ $id }.
challenge-expired = Izaicinājums #{ $id } beidzās: neviens to nepieņēma.
game-started = Sākas partija #{ $game }: { $white } (baltie) pret { $black } (melnie), { $per_move } gājienam{ $variant ->
    [russian] .
    [poddavki] . { $variant_name }: uzvar tas, kurš zaudē visus kauliņus vai nevar izdarīt gājienu.
    [antidraughts] . { $variant_name }: uzvar tas, kurš zaudē visus kauliņus vai nevar izdarīt gājienu.
    [breakthrough] . { $variant_name }: uzvar tas, kurš pirmais iegūst dāmu.
   *[other] . { $variant_name }.
}
game-unknown = Partijas { $game } nav.
no-active-game = Jums šeit nav notiekošas partijas. Sāciet to ar /challenge.
which-game = Jums šeit ir vairākas partijas ({ $games }): pievienojiet numuru, piemēram, /board { $games }.
not-your-turn = Nevienā jūsu partijā šeit nav jūsu gājiens.
not-your-turn-in = Partijā #{ $game } nav jūsu gājiens.
move-illegal = Partija #{ $game }: { $error }
move-which-game = { $move } ir iespējams vairākās jūsu partijās. Kurā?
move-empty = Gājiens nav norādīts: rakstiet to kā e3-d4 vai c3:e5.
move-bad-square = „{ $token }” nav tumšs lauciņš (a1…h8 vai 1…32; uz 10×10 — 1…50, uz 10×8 — a1…k8).
move-none = Iespējamu gājienu nav: partija ir beigusies.
move-ambiguous = { $input } var nozīmēt { $candidates }: lūdzu, rakstiet visu gājienu.
why-empty-square = uz { $square } nav kauliņa
why-not-your-piece = kauliņš uz { $square } nav jūsu
why-must-capture = sišana ir obligāta
why-capture-precedence = šī varianta sišanas noteikumi prasa citu sitienu
why-capture-ends-earlier = sitiens beidzas agrāk
why-capture-not-finished = sitiens turpinās, un tas jāpabeidz
why-cannot-move = kauliņš no { $square } nevar tur iet
move-not-legal = { $input } nav atļauts gājiens. Iespējamie gājieni: { $legal }.
move-not-legal-why = { $input } nav atļauts gājiens ({ $why }). Iespējamie gājieni: { $legal }.
move-played = { $player }: { $move }
reason-no-moves = { $variant ->
    [poddavki] vairs nav iespējamu gājienu (poddavkos tā ir uzvara)
    [antidraughts] vairs nav iespējamu gājienu (antidambretē tā ir uzvara)
    [breakthrough] kauliņš sasniedza pēdējo rindu (izrāvienā uzvar pirmā dāma)
   *[other] pretiniekam vairs nav gājienu
}
reason-resignation = pretinieks padevās
reason-timeout = pretinieks pārtērēja laiku
reason-agreement = pēc vienošanās
reason-repetition = tā pati pozīcija atkārtojās trīs reizes
reason-kings-only = { $moves } gājieni tikai ar dāmām, bez sišanas un bez kauliņa gājiena
reason-lone-king = { $variant ->
    [brazilian] vientuļā dāma netika noķerta laikā (16 gājieni pret trim kauliņiem, 5 pret diviem)
    [international] vientuļā dāma netika noķerta laikā (16 gājieni pret trim kauliņiem, 5 pret diviem)
    [frisian] vientuļā dāma netika noķerta laikā
    [frysk] vientuļā dāma netika noķerta laikā
   *[other] trīs dāmas 15 gājienos nenoķēra vienu dāmu
}
reason-long-diagonal = viena dāma noturēja garo ceļu
reason-balance = spēku samērs nemainījās
reason-withdrawal = pretinieks izstājās no turnīra
reason-adjudicated = izšķīra organizators
reason-cancelled = turnīrs tika atcelts
result-win = { $winner } ({ $color ->
    [white] baltie
   *[black] melnie
}) uzvar: { $reason }. Rezultāts { $result }.
result-draw = Neizšķirts: { $reason }. Rezultāts { $result }.
board-headline = Partija #{ $game }
games-none = Jums nav notiekošu partiju.
games-header = Jūsu partijas:
games-line = #{ $game } pret { $opponent } (jūs spēlējat ar { $color ->
    [white] baltajiem
   *[black] melnajiem
}) — { $my_turn ->
    [yes] jūsu gājiens
   *[no] pretinieka gājiens
}, { $left }
games-in-chat = — čatā { $chat }
resigned = { $player } padevās partijā #{ $game }.
draw-agreed = Partija #{ $game }: neizšķirts pēc vienošanās.
draw-already-offered = Jūs jau piedāvājāt neizšķirtu; gaidām atbildi.
draw-ai-declines = MI noraida neizšķirtu un spēlē tālāk.
draw-offered = { $player } piedāvā neizšķirtu partijā #{ $game }. { $opponent }, vai pieņemat?
draw-none-to-decline = Neizšķirtu jums neviens nav piedāvājis.
draw-declined = { $player } noraidīja neizšķirtu partijā #{ $game }. Spēle turpinās.
admins-only = To var mainīt tikai čata administratori.
settings-saved = Saglabāts.
settings-bad-value = „{ $value }” nav derīga { $key } vērtība: izvēlieties { $allowed }.
settings-unknown = Iestatījuma „{ $key }” nav. Iestatījumi: { $keys }.
settings-show =
    Iestatījumi: valoda { $lang }, tēma { $theme }, galdiņš { $orientation }, pēc noklusējuma { $days } dienas gājienam, atgādinājumi, kad atlicis { $reminders }, galdiņi { $boards }, spēle pēc noklusējuma { $variant }.
    Mainīt: /settings lang lv · /settings theme contrast · /settings orientation white|auto|mover · /settings days 5 · /settings reminders 50% 24h (vai off) · /settings boards edit|new · /settings variant russian|poddavki|brazilian|pool|english|czech|italian|portuguese|international|frisian|frysk|antidraughts|breakthrough|russian-10x8|bashni|vigman
top-empty = Šajā čatā vēl nav reitinga partiju ({ $variant_name }): reitingā skaitās partijas starp cilvēkiem.
top-header = Reitings šajā čatā, { $variant_name } (Glicko-2):
top-line = { $place }. { $name } — { $rating } ±{ $deviation } (uzvaras { $wins }, neizšķirti { $draws }, zaudējumi { $losses })
vacation-usage = Nosūtiet /vacation N, lai apturētu savus pulksteņus uz N dienām. Šogad jums atlikušas dienas: { $left }.
vacation-too-long = Jūs prasāt dienas: { $days }, bet šogad jums atlikušas atvaļinājuma dienas: { $left }.
vacation-set = Jūsu pulksteņi apturēti uz { $days ->
    [one] { $days } dienu
   *[other] { $days } dienām
}. Atlikušās atvaļinājuma dienas šogad: { $left }.
vacation-announce = { $player } ir atvaļinājumā uz { $days ->
    [one] { $days } dienu
   *[other] { $days } dienām
}: { $count ->
    [1] pulkstenis partijā { $games } ir apturēts
   *[other] pulksteņi partijās { $games } ir apturēti
}. { $opponent }, jūsu termiņi nemainās.
timed-out = { $player } neizdarīja gājienu laikā partijā #{ $game }.
reminder = { $player }, jūsu gājiens partijā #{ $game }: atlicis { $left }.

## Bot adapters: command menus (Telegram setMyCommands, Discord slash commands).
## Descriptions: at most 100 characters.
cmd-help = Kā spēlēt un komandu saraksts
cmd-challenge = Izaicināt kādu, visu čatu vai MI
cmd-accept = Pieņemt izaicinājumu
cmd-decline = Noraidīt vai atsaukt izaicinājumu
cmd-move = Izdarīt gājienu, piem. e3-d4 vai c3:e5:g7
cmd-board = Parādīt jūsu partijas galdiņu
cmd-clock = Cik laika atlicis gājienam
cmd-games = Jūsu partijas un kam gājiens
cmd-resign = Padoties partijā
cmd-draw = Piedāvāt vai pieņemt neizšķirtu
cmd-pdn = Partijas pieraksts (PDN)
cmd-settings = Valoda, galdiņa tēma, orientācija, dienas gājienam
cmd-settings-member = Jūsu valoda: /settings lang en|ru|lv|de|fr
cmd-settings-admin = Šis čats: chatlang, theme, orientation, days, boards; jūsu lang
cmd-tournament-member = Turnīri: join, leave, pdn; tabula — /standings
cmd-top = Šī čata reitings
cmd-vacation = Apturēt pulksteņus uz dažām dienām
opt-challenge-target = Kuru: ai vai lietotāju (tukšs: jebkuru šajā kanālā)
opt-challenge-level = MI līmenis, no 1 (vieglākais) līdz 8
opt-challenge-days = Dienas gājienam, no 1 līdz 14
opt-challenge-colour = Jūsu krāsa
opt-colour-white = Baltie
opt-colour-black = Melnie
opt-colour-random = Nejauši
opt-move-text = Gājiens, piem. e3-d4 vai c3:e5
opt-game = Partijas numurs (ja šeit spēlējat vairākas)
command-syntax = Nesapratu „{ $word }” komandā { $command }. Rakstiet tā: { $syntax }
opt-state-on = ieslēgt
opt-state-off = izslēgt
opt-help-rules = Noteikumi
opt-help-tournament = Turnīri
opt-tournament-id = Turnīra numurs (ja šeit ir vairāki)
opt-challenge-id = Izaicinājuma numurs
opt-settings-key = lang, chatlang, theme, orientation, days, boards vai threads
opt-settings-value = Jaunā vērtība
opt-vacation-days = Dienas, uz kurām apturēt pulksteņus
select-move = Izvēlieties gājienu ({ $first } … { $last })

## Puzzles (issue 7)
cmd-puzzle = Uzdevums: atrodiet uzvarošo kombināciju
cmd-daily = Dienas uzdevums šajā čatā: on HH:MM +03:00 vai off
cmd-hint = Mājiens jūsu uzdevumam
puzzle-caption = { $color ->
    [white] Baltie
   *[black] Melnie
} sāk un uzvar
theme-shot = kombinācija
theme-multi-capture = vairākkārtējs sitiens
theme-breakthrough = izlaušanās uz dāmām
theme-king-endgame = dāmu galotne
theme-endgame = galotne
theme-game-win = uzvar partiju
theme-material = iegūst materiālu
button-puzzle-hint = 💡 Mājiens
button-puzzle-solution = Atrisinājums
button-puzzle-next = Nākamais uzdevums
puzzle-show = Uzdevums #{ $id } · reitings { $rating } · { $themes }
    { $color ->
        [white] Baltie
       *[black] Melnie
    } sāk un uzvar (gājieni: { $moves }). Nosūtiet savu gājienu (piem. /puzzle { $example } vai tikai gājienu); /hint — mājiens, /puzzle solution — padoties.
puzzle-none = Nav ielādētu uzdevumu.
puzzle-unknown = Uzdevuma { $id } nav.
puzzle-no-pack = Variantā „{ $variant }” uzdevumu vēl nav. Uzdevumi ir šajos variantos: { $variants }.
puzzle-no-open = Jums šeit nav atvērta uzdevuma: /puzzle to iedos.
puzzle-daily-done = Jūs jau mēģinājāt šodienas dienas uzdevumu šeit.
puzzle-illegal = { $move } šeit nav atļauts gājiens. Iespējamie: { $legal }
puzzle-wrong = Ne šis ({ $move }). Mēģiniet vēlreiz: { $left ->
    [one] atlicis { $left } mēģinājums
   *[other] atlikuši { $left } mēģinājumi
}.
puzzle-failed = Ne šis ({ $move }) — mēģinājumi beigušies. Atrisinājums: { $solution }
puzzle-right = Pareizi, { $move }! Pretinieks atbild ar { $reply }. Jūsu gājiens.
puzzle-solved = Atrisināts ar { $move }! Atrisinājums: { $solution }
    Uzdevumu reitings { $rating } ({ $delta }), sērija { $streak }.
puzzle-solved-unrated = Atrisināts ar { $move }! Atrisinājums: { $solution }
puzzle-gave-up = Uzdevums #{ $id }, atrisinājums: { $solution }
puzzle-hint-square = Mājiens: sāciet ar kauliņu uz { $square }.
puzzle-hint-move = Mājiens: spēlējiet { $move }.
puzzle-top-empty = Šajā čatā vēl nav atrisināts neviens uzdevums: /puzzle, lai sāktu.
puzzle-top-header = Uzdevumu reitings šajā čatā:
puzzle-top-line = { $place }. { $name } — { $rating } (atrisināti { $solved }, neatrisināti { $failed }, sērija { $streak }, labākā { $best })
daily-on = Dienas uzdevums ieslēgts: katru dienu { $time } ({ $offset }); nākamais { $date }.
daily-on-variant = Dienas uzdevums ieslēgts ({ $variant ->
    [international] starptautiskā dambrete
   *[other] { $variant_name }
}): katru dienu { $time } ({ $offset }); nākamais { $date }.
daily-off = Dienas uzdevums šajā čatā izslēgts.
daily-status-off = Dienas uzdevums šeit ir izslēgts. Ieslēdziet to ar /daily on 09:00 +03:00 (čata laiks un UTC nobīde).
daily-bad-time = { $value } nav laiks: lietojiet HH:MM, piem. 09:00.
daily-bad-offset = { $value } nav laika josla: lietojiet nobīdi, piemēram, +03:00 vai -05:00, vai nosaukumu, piemēram, Europe/Riga.
daily-post = Dienas uzdevums { $date } — #{ $id } · reitings { $rating } · { $themes }
    { $color ->
        [white] Baltie
       *[black] Melnie
    } sāk un uzvar (gājieni: { $moves }). Nosūtiet savu pirmo gājienu; /hint — mājiens.
daily-yesterday = Iepriekšējais dienas uzdevums #{ $id }: { $solution }
daily-post-variant = Dienas uzdevums { $date } ({ $variant ->
    [international] starptautiskā dambrete
   *[other] { $variant_name }
}) — #{ $id } · reitings { $rating } · { $themes }
    { $color ->
        [white] Baltie
       *[black] Melnie
    } sāk un uzvar (gājieni: { $moves }). Nosūtiet savu pirmo gājienu; /hint — mājiens.
opt-puzzle-text = Jūsu gājiens, uzdevuma numurs vai „solution”
opt-puzzle-variant = Šī varianta uzdevums (bez tā — krievu dambrete)
opt-daily-state = on vai off
opt-daily-time = Čata laiks, HH:MM
opt-daily-offset = Čata UTC nobīde, piem. +03:00
opt-daily-variant = Šodienas uzdevums šajā variantā; ar on — variants, kura uzdevumu publicē katru dienu

# The console's own frame (shashki console), around the bot's messages.
console-banner = shashki konsole — jūs esat { $user }. /help parāda komandas; /as VĀRDS maina lietotāju; /pick N nospiež pogu; Ctrl-D — iziet.
console-downtime = (bots nedarbojās { $secs } s: termiņi pagarināti par tik pat)
console-speaking-as = (tagad runā { $user })
console-pressed = (nospiests „{ $label }”)
console-no-button = (pogas { $n } nav — pēdējā ziņā bija pogas: { $count })
console-board-image = [galdiņa attēls: { $path }]
console-attached = [pievienots { $name }; /pdn to parāda]
console-buttons = pogas:

# Tournaments
tournament-created = Turnīrs #{ $id } „{ $name }” ir atvērts: { $format ->
    [drr] divu riņķu turnīrs
    [swiss] Šveices sistēma, kārtas: { $rounds }
   *[other] riņķa turnīrs
}{ $micro ->
    [yes] {" "}ar mikromačiem (divas partijas pārim no izlozētas atklātnes, mainot krāsas)
   *[other] {" "}ar atsevišķām partijām no izlozētas atklātnes
}, { $time }, katram atvaļinājuma dienas: { $leave }, izloze { $ballot }, { $rated ->
    [yes] reitinga
   *[other] draudzības (reitingi nemainās)
}, ne vairāk kā { $max } spēlētāji. Piesakieties ar /tournament join; administrators to sāk ar /tournament start.
tournament-variant = Spēle: { $variant }, atklātnes no dzinēja līdzsvarotā saraksta (federācijas izlozes tai nav).
tournament-ballot-variant = FMJD izloze ir krievu dambretei: { $variant } turnīrs ņem atklātnes no dzinēja līdzsvarotā saraksta (izlaidiet “ballot fmjd”).
tournament-joined = { $player } piesakās turnīram #{ $id } „{ $name }” (pieteikušies: { $count }).
tournament-joined-late = { $player } piesakās turnīram #{ $id } „{ $name }” novēloti: par katru no nokavētajām kārtām ({ $rounds }) puse punkta; pāros no { $next }. kārtas.
tournament-left = { $player } atstāj turnīru #{ $id } „{ $name }” (pieteikušies: { $count }).
tournament-started = Sākas turnīrs #{ $id } „{ $name }”: spēlētāji: { $players }, { $rounds ->
    [0] partijas: { $games }, { $waiting ->
        [0] visas uzreiz
       *[other] { $now } tagad, pārējās { $waiting } pakāpeniski, kad beidzas iepriekšējās
    }
   *[other] 1. kārta no { $rounds }, partijas: { $games }
}, { $time }. Jūsu partijas: /games; galdiņš: /board #N.
tournament-game-started = K{ $round } #{ $game } { $white } – { $black } · { $opening }
tournament-more-games = Turnīrs #{ $id } „{ $name }”: sākas vēl partijas ({ $count }):
tournament-waiting = Vēl partijas gaida sākumu: { $count }. Katra sāksies, tiklīdz abiem tās spēlētājiem būs tai vieta (ne vairāk kā { $limit } partijas vienlaikus vienam spēlētājam), un arī čatam.
tournament-no-room = Turnīrs #{ $id } nevar sākties: vienā kārtā ir partijas: { $games }, bet šajā čatā tagad ir vieta tikai { $room } turnīra partijām (šeit ne vairāk kā { $limit } partijas vienlaikus, no tām turnīros ne vairāk kā { $share }, lai čata pārējām partijām vienmēr būtu vieta).
tournament-players-busy = Turnīrs #{ $id } nevar sākties: šiem spēlētājiem nav vietas kārtas partijām ({ $games }; ne vairāk kā { $limit } partijas vienlaikus vienam spēlētājam): { $names }. Lai viņi vispirms pabeidz kādas partijas, vai administrators viņus izņem ar /tournament remove @vārds.
tournament-status = Turnīrs #{ $id } „{ $name }” ({ $status ->
    [open] pieteikšanās atvērta
    [running] notiek
    [finished] beidzies
   *[other] atcelts
}, { $format }{ $micro ->
    [yes] , mikromači
   *[other] {""}
}, { $rated ->
    [yes] reitinga
   *[other] draudzības
}, ne vairāk kā { $max } spēlētāji). Spēlētāji ({ $count }): { $players }
tournament-to-move = #{ $game } { $white } – { $black }: gājiens { $player }
tournament-progress = Pabeigtas partijas: { $done } no { $games }. Tabula: /standings
tournament-standings = Turnīra #{ $id } „{ $name }” tabula:
tournament-finished = Turnīrs #{ $id } „{ $name }” ir beidzies! { $count ->
    [1] Uzvarētājs: { $winners }.
   *[other] Dalīta pirmā vieta: { $winners }.
} Galīgā tabula:
tournament-pdn = Turnīrs #{ $id } „{ $name }”: partijas PDN formātā: { $games }.
tournament-usage = Izveidot turnīru: /tournament new NOSAUKUMS [rr|drr|swiss-N] [micro|single] [days N] [bank GĀJIENI/DIENAS] [leave N] [ballot fmjd|balanced] [VARIANTS] [max N] [rated|casual] [until GGGG-MM-DD]; tad /tournament join, /tournament start, /tournament, /standings, /tournament pdn, /tournament missing, /tournament pause N (atvaļinājuma dienas); /tournament leave — izstāties (administratori: /tournament remove @vārds, /tournament adjudicate PARTIJA REZULTĀTS, /tournament cancel). Viss kopā: /help tournament
tournament-bad-word = „{ $word }” nav turnīra iestatījums (rr, drr, micro, single, days N, bank GĀJIENI/DIENAS, leave N, ballot fmjd|balanced, max N, rated, casual, variants: international, bashni, …). Šveices sistēma: swiss-7.
tournament-unknown = Šajā čatā nav turnīra { $id }.
tournament-none = Šajā čatā nav turnīra. Administrators to izveido ar /tournament new NOSAUKUMS.
tournament-which = Šeit ir vairāki turnīri ({ $ids }): pievienojiet numuru, piemēram, /tournament join { $ids }.
tournament-not-open = Pieteikšanās turnīram #{ $id } ir slēgta.
tournament-too-late = Turnīrā #{ $id } jau izlozētas kārtas: { $rounds }. Novēlotu pieteikumu pieņem, tikai kamēr izlozēta ne vairāk kā puse kārtu.
tournament-already-in = Jūs jau esat turnīrā #{ $id }.
tournament-not-in = Jūs neesat turnīrā #{ $id }.
tournament-too-few = Turnīram vajag vismaz 2 spēlētājus; pieteikušies: { $players }.
tournament-time-forfeits = { $player } zaudēja divas turnīra #{ $id } partijas uz laiku un tiek izslēgts no tā.
tournament-round = Turnīrs #{ $id } „{ $name }”: sākas { $round }. kārta no { $rounds }.
tournament-bye = K{ $round } { $player }: brīvkārta (uzvarētas kārtas punkti)
tournament-full = Turnīrs #{ $id } ir pilns: spēlētāji: { $limit }.
tournament-not-entered = { $name } nav turnīrā #{ $id }.
tournament-over = Turnīrs #{ $id } ir beidzies.
tournament-withdrawn = { $player } izstājas no turnīra #{ $id } „{ $name }”{ $games ->
    [0] .
    [one] : { $games } notiekoša partija ir zaudēta.
   *[other] : { $games } notiekošas partijas ir zaudētas.
} Tabulā nenospēlētās partijas skaitās zaudētas, bet, ja nospēlēta mazāk nekā puse, visi { $player } rezultāti tiek anulēti.
tournament-cancelled = Turnīru #{ $id } „{ $name }” atcēla { $admin }{ $games ->
    [0] .
    [one] : tā { $games } notiekošā partija beidzas bez rezultāta.
   *[other] : tā { $games } notiekošās partijas beidzas bez rezultāta.
} Reitingos un tabulā tās neskaitās.
tournament-missing = Turnīrs #{ $id } „{ $name }”{ $round ->
    [0] {""}
   *[other] , { $round }. kārta
}: { $count ->
    [one] vēl notiek { $count } partija
   *[other] vēl notiek { $count } partijas
}:
tournament-missing-line = K{ $round } #{ $game } { $white } – { $black }: gājiens { $player }, { $left }
tournament-missing-none = Turnīrs #{ $id } „{ $name }”: neviena partija nenotiek.
tournament-overdue = laiks beidzies
tournament-adjudicated = Turnīra #{ $id } partiju #{ $game } ({ $white } – { $black }) izšķīra { $admin }.
tournament-advice = Partija #{ $game } { $white } – { $black }, gājiens { $player }. Dzinēja padoms (dziļums { $depth }): { $eval }; labākais gājiens { $best }. Lai izšķirtu: /tournament adjudicate { $game } 1-0, 0-1 vai 1/2.
advice-eval-even = aptuveni līdzīgi (kauliņi: { $men })
advice-eval-better = { $side ->
    [white] baltajiem
   *[black] melnajiem
} pārsvars (kauliņi: { $men })
advice-eval-win = { $side ->
    [white] baltie
   *[black] melnie
} uzvar forsēti (pusgājieni: { $plies })
advice-no-move = nav (nav iespējamu gājienu)
tournament-crosstable-page = Turnīrs #{ $id } „{ $name }”: tabula, { $page }. lapa no { $pages }
tournament-bad-max = Turnīrā var būt 2 līdz 64 spēlētāji; „{ $max }” nav viens no šiem skaitļiem.
adjudicate-usage = Rakstiet partiju un rezultātu: /tournament adjudicate 12 1-0 (vai 0-1, 1/2); bez rezultāta jūs saņemsiet dzinēja padomu.
adjudicate-bad-result = „{ $word }” nav rezultāts: rakstiet 1-0 (uzvar baltie), 0-1 (uzvar melnie) vai 1/2 (neizšķirts).
not-a-tournament-game = Partija { $game } nav neviena šī čata turnīra partija.
tournament-removed = { $player } izņemts no turnīra #{ $id } „{ $name }” saraksta (pieteikušies: { $count }).
cmd-tournament = Turnīri: new, join, leave, start, missing, adjudicate, cancel, pdn
opt-tournament-text = new NOSAUKUMS rr micro days 3 max 20 casual · join · leave · start · missing · cancel · pdn
opt-help-topic = Tēma: rules vai tournament
cmd-standings = Turnīra tabula
replay-caption = Partijas #{ $game } atkārtojums: { $white } – { $black }, pusgājieni: { $plies }, { $result }.
position-caption = Gājiens { $color ->
    [white] baltajiem
   *[black] melnajiem
}, { $moves ->
    [0] iespējamu gājienu nav (puse, kam gājiens, ir { $stuck ->
        [won] uzvarējusi
       *[lost] zaudējusi
    })
   *[other] iespējamie gājieni: { $moves }
}. FEN: { $fen }
bad-fen = Tā nav pozīcija: { $error }. FEN izskatās šādi: W:W21-32:B1-12 (kam gājiens, tad balto un melno kauliņi; K pirms dāmas).
position-usage = Rakstiet pozīciju aiz komandas, piemēram, /position W:Wc3,e3,Kh2:Bd6,f6 (vispirms variants — tā noteikumiem un lauciņu numuriem: /position italian W:W21,22:B9,10).
cmd-replay = Partija animācijā (GIF)
cmd-position = Parādīt jebkuru pozīciju pēc tās FEN
opt-fen = Pozīcija, piem. W:W21-32:B1-12
analyse-started = Analizēju partiju #{ $game } (pusgājieni: { $plies }): rezultāts būs šeit, kad dzinējs būs gatavs.
analyse-pending = Partija #{ $game } jau tiek analizēta; rezultāts būs šeit, kad tas būs gatavs.
analyse-unfinished = Partija #{ $game } vēl notiek: to var analizēt, kad tā būs beigusies.
analyse-too-many = Jums jau gaida analīzes: { $limit }. Prasiet vēlreiz, kad tās būs gatavas.
analyse-summary = Partijas #{ $game } analīze (dzinēja dziļums { $depth }):
    Baltie { $white }: precizitāte { $white_acc } %, neprecizitātes ?! { $white_dubious }, kļūdas ? { $white_mistakes }, rupjas kļūdas ?? { $white_blunders }{ $white_worst }
    Melnie { $black }: precizitāte { $black_acc } %, neprecizitātes ?! { $black_dubious }, kļūdas ? { $black_mistakes }, rupjas kļūdas ?? { $black_blunders }{ $black_worst }
    PDN ir visas zīmes un labākais gājiens pēc katras kļūdas.
analyse-worst = ; sliktākais gājiens: { $move } — labāk { $better }
analyse-sub-move = { $move } ({ $which ->
    [first] pirmais gājiens no diviem
   *[second] otrais gājiens no diviem
})
cmd-analyse = Pabeigtas partijas analīze ar dzinēju

# Clocks: bank time and leave days (issue 13)
tournament-time-per-move = { $per_move } gājienam
tournament-time-bank = laika banka: { $moves } gājieni { $days } dienās (neizmantotais laiks pāriet tālāk)
bank-left = Banka: baltajiem { $white }, melnajiem { $black }; līdz nākamajām dienām ({ $days }) atlikušie gājieni: { $togo } (ik pēc { $moves } gājieniem).
tournament-bad-bank = „{ $word }” nav laika banka: rakstiet GĀJIENI/DIENAS, piemēram, bank 10/30 (1–100 gājieni 1–365 dienās).
tournament-not-running = Turnīrs #{ $id } pašlaik nenotiek.
leave-usage = Nosūtiet /tournament pause N, lai apturētu savas turnīra #{ $id } partijas uz N dienām. Jums tajā atlikušas atvaļinājuma dienas: { $left }.
leave-too-long = Jūs prasāt dienas: { $days }, bet turnīrā #{ $id } jums atlikušas atvaļinājuma dienas: { $left }.
leave-set = Jūsu turnīra #{ $id } „{ $name }” partijas apturētas uz { $days ->
    [one] { $days } dienu
   *[other] { $days } dienām
}. Atlikušās atvaļinājuma dienas tajā: { $left }.
leave-announce = { $player } ņem turnīrā atvaļinājumu uz { $days ->
    [one] { $days } dienu
   *[other] { $days } dienām
}: { $count ->
    [1] pulkstenis partijā { $games } apstājas
   *[other] pulksteņi partijās { $games } apstājas
} uz šo laiku. { $opponent }, jūsu termiņi nemainās.
tournament-ends = Beidzas { $date } (UTC): līdz tam nepabeigtās partijas izšķir organizators.
tournament-bad-end = „{ $word }” nav beigu datums: rakstiet nākotnes dienu kā GGGG-MM-DD, piemēram, until 2027-03-01.
tournament-past-end = Turnīrs #{ $id } „{ $name }” ir sasniedzis beigu datumu; nepabeigtas partijas: { $count }. Tās izšķir organizators (/tournament adjudicate PARTIJA parāda dzinēja padomu; /tournament adjudicate PARTIJA 1-0|0-1|draw izšķir).
if-stored = Saglabāts partijai #{ $game } (redzat tikai jūs): { $line }. Gājiens tiks izdarīts jūsu vietā, tiklīdz pretinieka gājiens sakritīs; jebkurš cits gājiens atceļ jūsu variantus.
if-none = Jums nav nosacīto gājienu partijā #{ $game }. Rakstiet /if #{ $game } X Y: ja pretinieks spēlē X, jūsu vietā uzreiz tiek izdarīts Y.
if-list = Jūsu nosacītie gājieni partijā #{ $game }:
if-cleared = Partija #{ $game }: atcelti nosacītie varianti: { $count }.
if-in-public = Nosacītie gājieni ir slepeni: nosūtiet /if privātā sarunā ar botu (ar partijas numuru, /if #12 …), lai pretinieks tos šeit neizlasītu.
if-usage = Rakstiet pretinieka gājienu un savu atbildi, ja vēlaties — vairākus pārus: /if #12 f6-g5 c3-d4 (g7-f6 b2-c3). /if #12 tos parāda, /if #12 clear atceļ.
if-your-turn = Partijā #{ $game } ir jūsu gājiens: izdariet to; nosacītie gājieni ir pretinieka gājiena laikam.
if-illegal = Partija #{ $game }: { $move } tur nav atļauts ({ $error }); variants netika saglabāts.
if-too-many = Šajā partijā jums jau ir nosacītie varianti: { $limit }. Atceliet dažus ar /if clear.
cmd-if = Nosacītie gājieni: ja viņš spēlē X, atbildēt Y
opt-if-text = #partija, tad viņa gājiens un jūsu atbilde, piem. #12 f6-g5 c3-d4
button-analyse = 🔍 Analizēt
button-replay = ▶ Atkārtot
variant-unknown = “{ $word }” nav spēles veids: izvēlieties russian, poddavki, brazilian, pool, english, czech, italian, portuguese, international, frisian, frysk, antidraughts, breakthrough, russian-10x8, bashni vai vigman.
variant-russian = Krievu dambrete
variant-poddavki = Poddavki (atdošanas dambrete)
variant-brazilian = Brazīlijas dambrete
variant-pool = Pool dambrete
variant-english = Angļu dambrete (checkers)
variant-czech = Čehu dambrete
variant-italian = Itāļu dambrete
variant-portuguese = Portugāļu dambrete
variant-international = Starptautiskā dambrete
variant-frisian = Frīzu dambrete
variant-frysk = Frysk!
variant-antidraughts = Antidambrete
variant-breakthrough = Izrāviens
variant-russian-10x8 = Krievu dambrete uz 10×8
variant-bashni = Torņi (bašņi)
variant-vigman = Vigmana dubultspēle
challenge-from = No pozīcijas { $fen }.
takeback-done = { $player } partijā #{ $game } atsauc savu pēdējo gājienu un MI atbildi.
takeback-rated = Partijā #{ $game } gājienus neatsauc: tikai draudzības partijās, nekad reitinga vai turnīra partijās.
takeback-wait = Partija #{ $game }: sagaidiet MI gājienu un tad atsauciet.
takeback-nothing = Partija #{ $game }: jums vēl nav gājiena, ko atsaukt.

cmd-notify = Privātas ziņas, kad jūsu gājiens: on vai off
opt-notify-state = on vai off
notify-is-on = Privātie paziņojumi ir ieslēgti: es jums rakstu, kad jūsu gājiens partijā grupā, kad pienāk atgādinājums par jūsu gājienu un kad pretinieks piedāvā neizšķirtu vai lūdz atsaukt gājienu. /notify off tos izslēdz.
notify-is-off = Privātie paziņojumi ir izslēgti. /notify on — es jums rakstīšu privāti, kad jūsu gājiens partijā grupā.
notify-turned-on = Privātie paziņojumi ieslēgti: es jums rakstīšu, kad būs jūsu gājiens partijā grupā.
notify-turned-off = Privātie paziņojumi izslēgti.
notify-usage = Lietojums: /notify on vai /notify off (/notify — pašreizējais stāvoklis).
notify-open-private = Telegram ļauj botam jums rakstīt tikai tad, ja esat atvēris ar to privātu sarunu: nospiediet pogu zemāk, tad “Sākt”.
button-open-private = 💬 Atvērt privātu sarunu
button-open-game = ♟ Atvērt partiju
notify-turn = Jūsu gājiens partijā #{ $game } ({ $chat }): { $opponent } izdarīja { $move }.
notify-start = Partija #{ $game } ({ $chat }) ir sākusies: jūsu gājiens.
notify-reminder = Atgādinājums: jūsu gājienam partijā #{ $game } ({ $chat }) atlicis { $left }.
notify-draw = { $player } piedāvā neizšķirtu partijā #{ $game } ({ $chat }).
notify-takeback = { $player } lūdz atsaukt savu pēdējo gājienu partijā #{ $game } ({ $chat }).
settings-threads = Katra jauna partija savā pavedienā: { $state ->
    [on] jā
   *[off] nē
} (/settings threads on|off).
game-thread-name = Partija #{ $game }: { $white } – { $black }
game-in-thread = Partija #{ $game } notiek savā pavedienā.
cmd-takeback = Atsaukt savu pēdējo gājienu (draudzības partijās)
takeback-asked = { $player } lūdz atsaukt savu pēdējo gājienu partijā #{ $game }. { $opponent }, vai piekrītat?
takeback-agreed = { $opponent } piekrīt: { $player } pēdējais gājiens partijā #{ $game } ir atsaukts.
takeback-declined = { $opponent } noraida { $player } lūgumu atsaukt gājienu partijā #{ $game }.
takeback-pending = Partija #{ $game }: lūgums atsaukt gājienu jau gaida atbildi.
takeback-lapsed = Partija #{ $game }: šis lūgums atsaukt gājienu vairs nav spēkā (kopš tā ir izdarīts gājiens vai uz to jau atbildēts).
takeback-not-yours = Partija #{ $game }: uz jūsu lūgumu atsaukt gājienu var atbildēt tikai pretinieks.
opt-challenge-rating = Reitinga vai draudzības partija
opt-rating-rated = Reitinga
opt-rating-casual = Draudzības
analyse-progress = Analizēju partiju #{ $game }… { $percent } % ({ $done } no { $plies } pusgājieniem)
analyse-files = Partija #{ $game }: novērtējuma grafiks un PDN ar atzīmēm.
analyse-failed = Partiju #{ $game } neizdevās analizēt.
opt-challenge-opponent = Ko: šī servera dalībnieks
opt-challenge-variant = Kuras dambretes
opt-top-list = Kurš saraksts: uzdevumu risinātāji vai varianta spēlētāji
opt-top-puzzles = Uzdevumu risinātāji
inline-daily-title = Dienas uzdevums #{ $id }
inline-daily-description = { $color ->
        [white] Baltie
       *[black] Melnie
    } sāk un uzvar, gājieni: { $moves } · reitings { $rating }
inline-daily-text = Dienas dambretes uzdevums #{ $id }: { $color ->
        [white] baltie
       *[black] melnie
    } sāk un uzvar, gājieni: { $moves }. Vai atrisināsiet?
inline-daily-button = 🧩 Risināt
inline-daily-international-title = Starptautiskās dambretes dienas uzdevums #{ $id }
inline-daily-international-description = 10×10 · { $color ->
        [white] Baltie
       *[black] Melnie
    } sāk un uzvar, gājieni: { $moves } · reitings { $rating }
inline-daily-international-text = Starptautiskās dambretes dienas uzdevums #{ $id } (10×10): { $color ->
        [white] baltie
       *[black] melnie
    } sāk un uzvar, gājieni: { $moves }. Vai atrisināsiet?
inline-play-title = Spēlē ar mani dambreti
inline-play-description = Nosūtīt aicinājumu uz krievu dambretes partiju
inline-play-text = { $name } aicina jūs uz krievu dambretes partiju: atveriet botu vai pievienojiet to čatam ar jums abiem un nosūtiet /challenge.
inline-play-button = ♟ Spēlēt
takeback-declined-already = Partija #{ $game }: gājiena atsaukšana jau tika noraidīta; jautāt vēlreiz var pēc nākamā gājiena.

# the web board (issue 24)
cmd-web = Jūsu saite uz partiju (vai jūsu atvērto uzdevumu) tīmekļa galdiņā
web-off = Šim robotam tīmekļa galdiņš nav iestatīts.
web-link = Partija #{ $game } tīmekļa galdiņā (saite tikai jums, { $hours } stundas): { $url }
web-sent-private = Es nosūtīju saiti jums privātā ziņā.
web-title = Partija #{ $game }
web-flip = Apgriezt
web-pdn = PDN
web-draw = Piedāvāt neizšķirtu
web-resign = Padoties
web-confirm-resign = Padoties šajā partijā?
web-confirm-draw = Piedāvāt (vai pieņemt) neizšķirtu?
web-moves = Gājieni
web-link-invalid = Šī saite neatver šo lapu (nepareiza, novecojusi vai atsaukta). Palūdziet jaunu ar /web.
web-slow-down = Pārāk daudz pieprasījumu: mirkli uzgaidiet.
web-private-game = Partija #{ $game } ir no privātas sarunas: tīmekļa galdiņā to atver tikai tās spēlētāji.
web-spectators-off = Šajā grupā partiju #{ $game } tīmekļa galdiņā atver tikai spēlētāji (administrators var atļaut visiem: /settings web on).
web-app-invalid = Telegram pieteikšanās šai lapai neapstiprinājās (viltota vai novecojusi). Atveriet galdiņu vēlreiz no sarunas.
web-app-no-game = Šī lapa atver partiju no tās galdiņa sarunā: nospiediet tur “Atvērt galdiņu”.
web-app-opening = Atveru galdiņu…
button-open-board = 🌐 Atvērt galdiņu
web-link-puzzle = Uzdevums #{ $id } tīmekļa galdiņā (saite tikai jums, { $hours } stundas): { $url }
web-link-tournament = Turnīrs #{ $id } „{ $name }” tīmekļa galdiņā (saite tikai jums, { $hours } stundas): { $url }
web-tournament-spectators-off = Šajā grupā turnīra #{ $id } lapu tīmekļa galdiņā atver tikai tā dalībnieki (administrators var atļaut visiem: /settings web on).
web-puzzle-over = Jūsu mēģinājums atrisināt uzdevumu #{ $id } šeit ir beidzies: atrisinājums ir lapā.
puzzle-try-counted = Šo gājienu uzdevumā #{ $id } jūs jau mēģinājāt: otrreiz tas netiek ieskaitīts.
web-piece-white-man = balts kauliņš
web-piece-black-man = melns kauliņš
web-piece-white-king = balta dāma
web-piece-black-king = melna dāma
web-puzzle-title = Uzdevums #{ $id }
web-puzzle-task = { $color ->
    [white] Baltie
   *[black] Melnie
} sāk un uzvar (gājieni: { $moves }) · reitings { $rating } · { $themes }
web-puzzle-your-move = Jūsu gājiens: pieskarieties kauliņam, tad laukam, uz kuru tas iet (vai aizvelciet to).
web-puzzle-solved = Atrisināts — lieliski!
web-puzzle-failed = Šis uzdevums jums šeit ir beidzies: atrisinājums ir zem pogas zemāk.
web-puzzle-confirm-solution = Padoties un redzēt atrisinājumu?
web-puzzle-solution-hidden = Atrisinājums parādīsies, kad jūsu mēģinājums būs beidzies: atrisiniet uzdevumu vai padodieties.
web-tournament-title = Turnīrs #{ $id } „{ $name }”
web-tournament-status = { $status ->
    [open] Pieteikšanās atvērta
    [running] Notiek
    [finished] Beidzies
   *[other] Atcelts
}
web-tournament-round = { $round }. kārta no { $rounds }
web-tournament-crosstable = Turnīra tabula
web-tournament-games = Notiekošās partijas
web-tournament-no-games = Pašlaik nenotiek neviena partija.
settings-web = Tīmekļa galdiņš visiem, ne tikai spēlētājiem: { $state ->
    [on] jā
   *[off] nē
} (/settings web on|off).
settings-web-set = Šīs grupas partiju tīmekļa galdiņš: { $state ->
    [on] skatīties var visi.
   *[off] tikai to spēlētājiem.
}
variant-not-playable = { $variant } šeit vēl nevar spēlēt: bots vēl neglabā šīs spēles partijas. Izvēlieties citu spēles veidu, piemēram, /challenge @vārds international.
if-variant = Nosacītais gājiens ir atbilde uz vienu pretinieka gājienu; spēlē { $variant } kārtā ir divi gājieni, tāpēc tajā nosacīto gājienu nav.
