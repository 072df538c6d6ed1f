# shashki — русские сообщения (Fluent). Каждый id должен быть и в en.ftl.

help-head = Русские шашки. Команды:
help-line-move = /ход e3-d4 — сделать ход (взятие: c3:e5, несколько шашек за ход: c3:e5:g7)
help-line-board = /доска — показать доску
help-line-challenge =
    /вызов ии 3 белые — сыграть с ИИ (уровни 1–8; белые, чёрные или случайно)
    /вызов @имя 3 — вызвать игрока, 3 дня на ход (от 1 до 14 или безлимит)
    /вызов — открытый вызов: принять его может любой в чате
    /вызов @имя товарищеская — товарищеская партия: без рейтинга, ход можно вернуть с согласия соперника (/вернуть)
    /вызов @имя поддавки — другая игра: поддавки, бразильские, пул, английские, чешские, итальянские, португальские (или variant=pool); /настройки вариант X — игра чата по умолчанию
help-line-games = /партии — ваши партии и чей ход
help-line-draw = /ничья — предложить или принять ничью
help-line-resign = /сдаться — сдать партию
help-line-pdn = /pdn — запись партии
help-line-top = /рейтинг — рейтинг чата
help-line-vacation = /отпуск 7 — остановить ваши часы на 7 дней
help-line-notify = /уведомления вкл — писать вам в личку, когда ваш ход в партии в группе (/уведомления выкл — не писать)
help-line-settings = /настройки — язык, тема, доска
help-line-puzzle = /задача — решить задачу · /top puzzles
help-line-hint = /подсказка — подсказка
help-line-daily = /daily on 09:00 +03:00 — задача дня в чате
help-line-tournament = /турнир новый НАЗВАНИЕ — заочный турнир в чате (администраторы) · /турнир участвую · /таблица · /помощь турнир
help-line-replay = /повтор — партия в анимации
help-line-analyse = /анализ — разбор сыгранной партии движком
help-line-position = /позиция W:Wc3,e3:Bd6 — показать позицию по FEN
help-line-help = /помощь правила — правила русских шашек
help-tail = Можно и просто прислать ход, например e3-d4, или нажать кнопку.

help-tournament =
    Заочные турниры в этом чате:
    /турнир новый НАЗВАНИЕ [rr|drr|swiss-N] [микро|одиночные] [дней N] [банк ХОДЫ/ДНИ] [пауза N] [жеребьёвка fmjd|balanced] [макс N] [рейтинговый|товарищеский] [до ГГГГ-ММ-ДД] — открыть турнир (администраторы). По умолчанию: rr (круговой; drr — двухкруговой; swiss-7 — швейцарская система, 7 туров), микро (микроматч: две партии на пару с дебютом по жеребьёвке, вторая — со сменой цвета), дней на ход — как в чате (банк 10/30: 10 ходов за 30 дней, неиспользованное время переходит дальше), 30 дней перерыва на участника, жеребьёвка balanced, не больше 20 участников (2–64), рейтинговый.
    /турнир участвую · /турнир выйти — записаться; выйти (после начала — выбыть) · /турнир исключить @имя — то же для другого участника (администраторы)
    /турнир начать — жеребьёвка и начало партий (администраторы)
    /турнир — участники, текущие партии, чей ход · /турнир недоигранные — партии, из-за которых стоит турнир, и их сроки
    /таблица — турнирная таблица (текстом и картинкой) · /турнир pdn — все партии турнира одним файлом PDN
    /турнир присудить ПАРТИЯ 1-0|0-1|1/2 — присудить результат недоигранной партии (администраторы); без результата — оценка позиции и лучший ход по движку, как совет
    /турнир отменить — отменить турнир; текущие партии заканчиваются без результата (администраторы)
    /турнир пауза N — взять N дней перерыва: во всех ваших партиях турнира, где идут ваши часы, прибавится N дней
    Если турниров в чате несколько, добавьте номер: /турнир недоигранные #2.
    Очки: за победу 2, за ничью 1, за поражение 0 (в скобках то же в виде 1, ½, 0); микроматч даёт от 0 до 4.
    При равенстве очков: в круговом — число побед (Поб), затем коэффициент Бергера (КБ); в швейцарке — усечённый Солкофф (Солк-1: очки соперников без наименьшего), затем коэффициент Бергера, затем число побед, затем личные встречи (Личн). Рейтинг места не решает.
    Товарищеский турнир рейтинги не меняет. Выбывший проигрывает оставшиеся партии; если он сыграл меньше половины, его результаты аннулируются.

help-rules =
    Русские шашки: правила.
    Доска 8×8, играют только на 32 тёмных полях; a1 — тёмное поле в левом нижнем углу у белых. Поля обозначаются как в шахматах: вертикали a–h, горизонтали 1–8.
    У каждой стороны 12 простых шашек на тёмных полях трёх ближних рядов. Первыми ходят белые; ходят по очереди, пропускать ход нельзя.
    Простая шашка ходит на одно поле по диагонали вперёд. Дойдя до последней горизонтали, она становится дамкой; дамка ходит по диагонали на любое число свободных полей.
    Бить обязательно: шашка перепрыгивает через шашку соперника на свободное поле за ней. Простая бьёт и назад; дамка бьёт на любом расстоянии и встаёт на любое свободное поле за побитой. Взятие продолжается, пока есть что бить; из нескольких взятий можно выбрать любое — не обязательно то, где бьётся больше.
    Побитые шашки снимаются только после окончания хода («турецкий удар»), и дважды через одну шашку прыгать нельзя. Простая, дошедшая до последней горизонтали во время взятия, сразу становится дамкой и продолжает бить уже как дамка.
    Запись: ход f4-g5, взятие f4:h6, нескольких шашек — f4:h6:f8:c5.
    Проигрывает тот, кому некуда ходить (все шашки побиты или заперты), а также сдавшийся или просрочивший время.
    Ничья: по соглашению; третье повторение позиции; 15 ходов только дамками без взятий и ходов простыми; три дамки (и больше) не поймали одинокую дамку за 15 ходов; одинокая дамка на большой дороге a1–h8 против трёх шашек — если нет выигрыша за 5 ходов; дамки у обеих сторон и соотношение сил не меняется (2–3 шашки — 5 ходов, 4–5 — 30, 6–7 — 60).

unknown-command = Команды /{ $command } нет. Список команд: /help
move-usage = Напишите ход после /ход, например: /ход e3-d4
something-went-wrong = Что-то пошло не так, ничего не сохранено. Попробуйте ещё раз чуть позже.
chat-busy = В этом чате слишком много запросов сразу; ничего не сделано. Попробуйте ещё раз чуть позже.
slow-down = Помедленнее, пожалуйста: здесь ждёт слишком много ваших запросов, последние не приняты. Попробуйте ещё раз через минуту.
button-invalid = Эта кнопка больше не действует.
button-stale = Позиция изменилась с тех пор, как появилась эта кнопка: посмотрите новую доску.
button-back = ‹ назад
choose-target = Куда ходить шашкой с { $square }?
choose-piece = Какой шашкой ходить?
resign-confirm = Сдать партию #{ $game }? Отменить это будет нельзя.
button-resign-yes = Да, сдаюсь
not-a-player = Вы не играете в партии #{ $game }.
game-already-over = Партия #{ $game } уже закончена.
ai-name = ИИ (уровень { $level })
duration-days = { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}
duration-days-hours = { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
} { $hours } ч
duration-hours-minutes = { $hours } ч { $minutes } мин
duration-minutes = { $minutes } мин
no-deadline = без ограничения времени
board-caption = #{ $game }{ $variant ->
    [russian] {""}
   *[other] {" · "}{ $variant_name }
} · { $white } – { $black } · ход { $move }{ $casual ->
    [yes] {" · товарищеская"}
   *[no] {""}
}
to-move = ходят { $color ->
    [white] белые
   *[black] чёрные
}, { $player }.
time-left = Осталось { $time }.
move-number = Ход { $move }:
turn-note = { $move }, теперь ходит { $player }.
button-flip = ⇅ Перевернуть
button-rematch = ↻ Реванш
button-draw = ½ Ничья
button-resign = ⚑ Сдаться
button-accept = ✔ Принять
button-decline = ✖ Отклонить
button-accept-draw = ✔ Согласиться на ничью
button-decline-draw = ✖ Играть дальше
challenge-bad-word = Не понял «{ $word }». Пример: /вызов @anna 3 белые или /вызов ии 5 чёрные.
challenge-bad-level = Уровня { $level } нет: у ИИ уровни от 1 до 8.
challenge-bad-days = На ход даётся от 1 до 14 дней или «безлимит»; { $days } — нельзя.
challenge-self = Нельзя вызвать самого себя.
handle-too-long = «@{ $handle }» не может быть ничьим именем: в @имени не больше { $max } символов.
challenge-card = Вызов #{ $id }: { $from } { $open ->
    [yes] приглашает сыграть любого желающего.
   *[no] вызывает { $to }.
} { $color ->
    [white] { $from } играет белыми
    [black] { $from } играет чёрными
   *[random] Цвет — по жребию
}; { $per_move } на ход{ $variant ->
    [russian] {""}
   *[other] , { $variant_name }
}{ $casual ->
    [yes] {", товарищеская (без рейтинга)"}
   *[no] {""}
}. Вызов действует { $expires }.
no-open-challenge = Вызова, который вы могли бы принять, здесь нет. Бросьте свой: /вызов
limit-challenges = Открытых вызовов у вас уже { $limit }: дождитесь ответа или отзовите один командой /decline.
limit-games = Партий у вас уже { $limit }: доиграйте одну, прежде чем начинать новую.
limit-chat-games = Текущих партий в этом чате уже { $limit }: доиграйте одну, прежде чем начинать новую.
limit-ai-games = Партий с ИИ у вас уже { $limit }: сначала доиграйте одну из них.
limit-opponent-games = Партий у вашего соперника уже { $limit }: пусть сначала доиграет одну.
challenge-unknown = В этом чате нет вызова #{ $id }.
challenge-closed = Вызов #{ $id } уже закрыт.
button-share = 📨 Поделиться
challenge-share-text = { $from } приглашает вас сыграть в шашки в чате «{ $chat }» (вызов #{ $id }).
challenge-link = Вызов #{ $id }: { $from } приглашает вас сыграть в шашки в чате «{ $chat }», { $per_move } на ход ({ $variant_name }). Примите вызов — и партия начнётся там.
challenge-accepted-there = Вызов принят: партия #{ $game } начинается в чате «{ $chat }».
challenge-own = Это ваш вызов: принять его должен другой игрок.
challenge-not-for-you = Этот вызов адресован другому игроку.
challenge-cancelled = { $name } отозвал(а) вызов #{ $id }.
challenge-declined = { $name } отклонил(а) вызов #{ $id }.
challenge-expired = Срок вызова #{ $id } истёк: никто его не принял.
game-started = Партия #{ $game } началась: белыми играет { $white }, чёрными — { $black }; { $per_move } на ход{ $variant ->
    [russian] {""}
    [poddavki] . { $variant_name }: выигрывает тот, кто отдаст все шашки или останется без хода
   *[other] . { $variant_name }
}.
game-unknown = Партии { $game } нет.
no-active-game = Текущих партий у вас здесь нет. Начать: /вызов
which-game = Партий у вас здесь несколько ({ $games }): добавьте номер, например /доска { $games }.
not-your-turn = Ни в одной вашей партии здесь сейчас не ваш ход.
not-your-turn-in = В партии #{ $game } сейчас не ваш ход.
move-illegal = Партия #{ $game }: { $error }
move-which-game = Ход { $move } возможен в нескольких ваших партиях. В какой из них?
move-empty = Ход не указан. Пишите так: e3-d4 или c3:e5.
move-bad-square = «{ $token }» — не тёмное поле (a1…h8 или 1…32).
move-none = Ходов нет: партия окончена.
move-ambiguous = { $input } — это { $candidates }? Напишите ход полностью.
why-empty-square = на { $square } нет шашки
why-not-your-piece = шашка на { $square } не ваша
why-must-capture = бить обязательно
why-capture-precedence = по правилам этой игры нужно другое взятие
why-capture-ends-earlier = взятие заканчивается раньше
why-capture-not-finished = взятие не закончено: нужно бить дальше
why-cannot-move = шашка с { $square } туда не ходит
move-not-legal = Так ходить нельзя: { $input }. Возможные ходы: { $legal }.
move-not-legal-why = Так ходить нельзя: { $input } ({ $why }). Возможные ходы: { $legal }.
move-played = { $player }: { $move }
reason-no-moves = { $variant ->
    [poddavki] ходов не осталось (в поддавках это победа)
   *[other] сопернику некуда ходить
}
reason-resignation = соперник сдался
reason-timeout = соперник просрочил время
reason-agreement = по соглашению
reason-repetition = позиция повторилась трижды
reason-kings-only = { $moves } ходов одними дамками, без взятий и ходов простыми
reason-lone-king = { $variant ->
    [brazilian] одинокую дамку не поймали вовремя (16 ходов против трёх фигур, 5 против двух)
   *[other] три дамки не поймали одинокую дамку за 15 ходов
}
reason-long-diagonal = одинокая дамка удержала большую дорогу
reason-balance = соотношение сил не менялось
reason-withdrawal = соперник выбыл из турнира
reason-adjudicated = по решению организатора
reason-cancelled = турнир отменён
result-win = { $winner } ({ $color ->
    [white] белые
   *[black] чёрные
}) побеждает: { $reason }. Результат { $result }.
result-draw = Ничья: { $reason }. Результат 1-1.
board-headline = Партия #{ $game }
games-none = У вас нет текущих партий.
games-header = Ваши партии:
games-line = #{ $game } против { $opponent } (вы играете { $color ->
    [white] белыми
   *[black] чёрными
}) — { $my_turn ->
    [yes] ваш ход
   *[no] ходит соперник
}, { $left }
games-in-chat = — в чате { $chat }
resigned = { $player } сдал(а) партию #{ $game }.
draw-agreed = Партия #{ $game }: ничья по соглашению.
draw-already-offered = Вы уже предложили ничью; ждём ответа.
draw-ai-declines = ИИ отказывается от ничьей и играет дальше.
draw-offered = { $player } предлагает ничью в партии #{ $game }. { $opponent }, согласны?
draw-none-to-decline = Ничью вам никто не предлагал.
draw-declined = { $player } отказал(а)ся от ничьей в партии #{ $game }. Партия продолжается.
admins-only = Это могут изменить только администраторы чата.
variant-unknown = «{ $word }» — не вариант игры: русские, поддавки, бразильские, пул, английские, чешские, итальянские или португальские.
variant-russian = Русские шашки
variant-poddavki = Поддавки
variant-brazilian = Бразильские шашки
variant-pool = Американские шашки (пул)
variant-english = Английские шашки (чекерс)
variant-czech = Чешские шашки
variant-italian = Итальянские шашки
variant-portuguese = Португальские шашки
settings-saved = Сохранено.
settings-bad-value = «{ $value }» не годится для { $key }. Возможно: { $allowed }.
settings-unknown = Настройки «{ $key }» нет. Есть такие: { $keys }.
settings-show =
    Настройки: язык { $lang }, тема { $theme }, доска { $orientation }, на ход по умолчанию { $days } дн., напоминать, когда остаётся { $reminders }, доски { $boards }, игра по умолчанию — { $variant }.
    Изменить: /настройки lang en · /настройки theme contrast · /настройки orientation white|auto|mover · /настройки days 5 · /настройки reminders 50% 24h (или off) · /настройки boards edit|new · /настройки вариант русские|поддавки|бразильские|пул|английские|чешские|итальянские|португальские
top-empty = В этом чате пока нет рейтинговых партий ({ $variant_name }): рейтинг считается по партиям между людьми.
top-header = Рейтинг чата — { $variant_name } (Glicko-2):
top-line = { $place }. { $name } — { $rating } ±{ $deviation } (побед { $wins }, ничьих { $draws }, поражений { $losses })
vacation-usage = /отпуск N останавливает ваши часы на N дней. Дней отпуска на этот год осталось: { $left }.
vacation-too-long = Вы просите { $days } дн., а дней отпуска на этот год у вас осталось { $left }.
vacation-set = Ваши часы остановлены на { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}. Дней отпуска на этот год осталось: { $left }.
vacation-announce = { $player } в отпуске на { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}: { $count ->
    [one] часы в партии { $games } остановлены
   *[other] часы в партиях { $games } остановлены
}. { $opponent }, ваши сроки не меняются.
timed-out = { $player } просрочил(а) время в партии #{ $game }.
reminder = { $player }, ваш ход в партии #{ $game }: осталось { $left }.

## Bot adapters: command menus (Telegram setMyCommands, Discord slash commands).
## Descriptions: at most 100 characters.
cmd-help = Как играть и список команд
cmd-challenge = Вызвать игрока, весь чат или ИИ
cmd-accept = Принять вызов
cmd-decline = Отклонить или отозвать вызов
cmd-move = Сделать ход, например e3-d4 или c3:e5:g7
cmd-board = Показать доску вашей партии
cmd-games = Ваши партии и чей ход
cmd-resign = Сдаться
cmd-draw = Предложить или принять ничью
cmd-pdn = Запись партии (PDN)
cmd-settings = Язык, оформление доски, её поворот, дни на ход
cmd-settings-member = Ваш язык: /settings lang en|ru|lv|de|fr
cmd-settings-admin = Этот чат: chatlang, theme, orientation, days, boards; ваш lang
cmd-tournament-member = Турниры: участвую, выйти, pdn; таблица — /standings
cmd-top = Рейтинг этого чата
cmd-vacation = Остановить ваши часы на несколько дней
opt-challenge-target = Кого: ai или игрока (пусто: любого в этом канале)
opt-challenge-level = Уровень ИИ, от 1 (самый лёгкий) до 8
opt-challenge-days = Дней на ход, от 1 до 14
opt-challenge-colour = Ваш цвет
opt-colour-white = Белые
opt-colour-black = Чёрные
opt-colour-random = Случайно
opt-move-text = Ход, например e3-d4 или c3:e5
opt-game = Номер партии (если вы играете здесь несколько)
command-syntax = Не понял «{ $word }» в { $command }. Пишите так: { $syntax }
opt-state-on = вкл
opt-state-off = выкл
opt-help-rules = Правила
opt-help-tournament = Турниры
opt-tournament-id = Номер турнира (если их здесь несколько)
opt-challenge-id = Номер вызова
opt-settings-key = lang, chatlang, theme, orientation, days, boards или threads
opt-settings-value = Новое значение
opt-vacation-days = На сколько дней остановить часы
select-move = Выберите ход ({ $first } … { $last })

## Задачи (issue 7)
cmd-puzzle = Задача: найдите выигрывающий удар
cmd-daily = Задача дня в этом чате: on ЧЧ:ММ +03:00 или off
cmd-hint = Подсказка к вашей задаче
puzzle-caption = { $color ->
    [white] Белые
   *[black] Чёрные
} начинают и выигрывают
theme-shot = удар
theme-multi-capture = многократное взятие
theme-breakthrough = прорыв в дамки
theme-king-endgame = дамочное окончание
theme-endgame = окончание
theme-game-win = выигрыш партии
theme-material = выигрыш материала
button-puzzle-hint = 💡 Подсказка
button-puzzle-solution = Решение
button-puzzle-next = Следующая задача
puzzle-show = Задача №{ $id } · рейтинг { $rating } · { $themes }
    { $color ->
        [white] Белые
       *[black] Чёрные
    } начинают и выигрывают в { $moves } { $moves ->
        [one] ход
        [few] хода
       *[other] ходов
    }. Пришлите ход (например, /задача c3-d4 или просто ход); /подсказка — подсказка, /задача ответ — показать решение.
puzzle-none = Задачи не загружены.
puzzle-unknown = Задачи { $id } нет.
puzzle-no-open = Открытой задачи у вас здесь нет: /задача даст новую.
puzzle-daily-done = Сегодняшнюю задачу дня вы здесь уже решали.
puzzle-illegal = Так ходить нельзя: { $move }. Возможные ходы: { $legal }
puzzle-wrong = Не тот ход ({ $move }). { $left ->
    [one] Осталась { $left } попытка
    [few] Остались { $left } попытки
   *[other] Осталось { $left } попыток
}.
puzzle-failed = Не тот ход ({ $move }), и попытки кончились. Решение: { $solution }
puzzle-right = Верно, { $move }! Соперник отвечает { $reply }. Ваш ход.
puzzle-solved = Решено ходом { $move }! Решение: { $solution }
    Рейтинг в задачах { $rating } ({ $delta }), серия { $streak }.
puzzle-solved-unrated = Решено ходом { $move }! Решение: { $solution }
puzzle-gave-up = Задача №{ $id }, решение: { $solution }
puzzle-hint-square = Подсказка: начинайте шашкой с { $square }.
puzzle-hint-move = Подсказка: играйте { $move }.
puzzle-top-empty = В этом чате задачи ещё не решали: начните с /задача.
puzzle-top-header = Рейтинг решателей задач в этом чате:
puzzle-top-line = { $place }. { $name } — { $rating } (решено { $solved }, не решено { $failed }, серия { $streak }, лучшая { $best })
daily-on = Задача дня включена: каждый день в { $time } ({ $offset }); следующая — { $date }.
daily-off = Задача дня в этом чате выключена.
daily-status-off = Задача дня здесь выключена. Включить: /daily on 09:00 +03:00 (время чата и сдвиг от UTC).
daily-bad-time = { $value } — это не время: пишите ЧЧ:ММ, например 09:00.
daily-bad-offset = { $value } — это не сдвиг от UTC: пишите, например, +03:00 или -05:00.
daily-post = Задача дня на { $date } — №{ $id } · рейтинг { $rating } · { $themes }
    { $color ->
        [white] Белые
       *[black] Чёрные
    } начинают и выигрывают в { $moves } { $moves ->
        [one] ход
        [few] хода
       *[other] ходов
    }. Пришлите первый ход; /подсказка — подсказка.
daily-yesterday = Предыдущая задача дня №{ $id }: { $solution }
opt-puzzle-text = Ваш ход, номер задачи или «solution»
opt-daily-state = on или off
opt-daily-time = Время чата, ЧЧ:ММ
opt-daily-offset = Смещение от UTC, например +03:00

# Рамка консоли (shashki console) вокруг сообщений бота.
console-banner = консоль shashki — вы { $user }. /help — список команд; /as ИМЯ — сменить игрока; /pick N — нажать кнопку; Ctrl-D — выход.
console-downtime = (бот не работал { $secs } с: сроки продлены на это время)
console-speaking-as = (теперь говорит { $user })
console-pressed = (нажата кнопка «{ $label }»)
console-no-button = (кнопки { $n } нет — в последнем сообщении кнопок: { $count })
console-board-image = [доска: { $path }]
console-attached = [{ $name } во вложении; /pdn покажет его]
console-buttons = кнопки:

# Турниры
tournament-created = Турнир #{ $id } «{ $name }» открыт: { $format ->
    [drr] двухкруговой
    [swiss] швейцарская система в { $rounds } { $rounds ->
        [one] тур
        [few] тура
       *[other] туров
    }
   *[other] круговой
}{ $micro ->
    [yes] {" "}из микроматчей (две партии на пару с дебютом по жеребьёвке, вторая — со сменой цвета)
   *[other] {", "}по одной партии с дебютом по жеребьёвке
}, { $time }, { $leave } дн. перерыва на участника, жеребьёвка { $ballot }, { $rated ->
    [yes] рейтинговый
   *[other] товарищеский (рейтинги не меняются)
}, не больше { $max } участников. Записаться: /турнир участвую; начинает администратор: /турнир начать.
tournament-joined = { $player } записывается в турнир #{ $id } «{ $name }» (участников: { $count }).
tournament-joined-late = { $player } входит в турнир #{ $id } «{ $name }» с опозданием: за каждый пропущенный тур (их { $rounds }) — пол-очка; играет с { $next }-го тура.
tournament-left = { $player } выходит из турнира #{ $id } «{ $name }» (участников: { $count }).
tournament-started = Турнир #{ $id } «{ $name }» начался: участников { $players }, { $rounds ->
    [0] партий { $games }, { $waiting ->
        [0] все сразу
       *[other] { $now } сейчас, остальные { $waiting } — по мере окончания партий
    }
   *[other] тур 1 из { $rounds }, партий { $games }
}, { $time }. Ваши партии: /партии; доска: /доска #N.
tournament-game-started = Т{ $round } #{ $game } { $white } – { $black } · { $opening }
tournament-more-games = Турнир #{ $id } «{ $name }»: начинаются ещё партии ({ $count }):
tournament-waiting = Ещё партий ждут начала: { $count }. Каждая начнётся, как только у обоих её участников будет для неё место (не больше { $limit } партий одновременно у игрока) и у чата тоже.
tournament-no-room = Турнир #{ $id } не может начаться: в одном туре партий: { $games }, а в этом чате сейчас есть место лишь для { $room } турнирных партий (здесь не больше { $limit } партий одновременно, из них турнирных не больше { $share }, чтобы остальным партиям чата всегда хватало места).
tournament-players-busy = Турнир #{ $id } не может начаться: у этих участников нет места для партий тура ({ $games }; не больше { $limit } партий одновременно у игрока): { $names }. Пусть они сначала закончат партии, или администратор исключит их: /турнир исключить @имя.
tournament-status = Турнир #{ $id } «{ $name }» ({ $status ->
    [open] идёт запись
    [running] идёт
    [finished] завершён
   *[other] отменён
}, { $format }{ $micro ->
    [yes] , микроматчи
   *[other] {""}
}, { $rated ->
    [yes] рейтинговый
   *[other] товарищеский
}, не больше { $max } участников). Участники ({ $count }): { $players }
tournament-to-move = #{ $game } { $white } – { $black }: ходит { $player }
tournament-progress = Сыграно партий: { $done } из { $games }. Таблица: /таблица
tournament-standings = Таблица турнира #{ $id } «{ $name }»:
tournament-finished = Турнир #{ $id } «{ $name }» завершён! { $count ->
    [one] Победитель: { $winners }.
   *[other] Первое место делят: { $winners }.
} Итоговая таблица:
tournament-pdn = Турнир #{ $id } «{ $name }»: партии в PDN ({ $games }).
tournament-usage = Создать турнир: /турнир новый НАЗВАНИЕ [rr|drr|swiss-N] [микро|одиночные] [дней N] [банк ХОДЫ/ДНИ] [пауза N] [жеребьёвка fmjd|balanced] [макс N] [рейтинговый|товарищеский] [до ГГГГ-ММ-ДД]; затем /турнир участвую, /турнир начать, /турнир, /таблица, /турнир pdn, /турнир недоигранные, /турнир пауза N (дни перерыва); /турнир выйти — выбыть (администраторы: /турнир исключить @имя, /турнир присудить ПАРТИЯ РЕЗУЛЬТАТ, /турнир отменить). Всё вместе: /помощь турнир
tournament-bad-word = «{ $word }» — не параметр турнира (rr, drr, микро, одиночные, дней N, банк ХОДЫ/ДНИ, пауза N, жеребьёвка fmjd|balanced, макс N, рейтинговый, товарищеский). Швейцарская система: swiss-7.
tournament-unknown = В этом чате нет турнира { $id }.
tournament-none = В этом чате нет турнира. Администратор создаёт его: /турнир новый НАЗВАНИЕ.
tournament-which = Здесь несколько турниров ({ $ids }): добавьте номер, например /турнир участвую { $ids }.
tournament-not-open = Запись в турнир #{ $id } закрыта.
tournament-too-late = В турнире #{ $id } жеребьёвка прошла уже на { $rounds } { $rounds ->
    [one] тур
    [few] тура
   *[other] туров
}. Опоздавших принимают, пока не разыграна половина туров.
tournament-already-in = Вы уже участвуете в турнире #{ $id }.
tournament-not-in = Вы не участвуете в турнире #{ $id }.
tournament-too-few = Для турнира нужно хотя бы 2 участника; записалось: { $players }.
tournament-time-forfeits = { $player } проиграл(а) по времени две партии турнира #{ $id } и выбывает из него.
tournament-round = Турнир #{ $id } «{ $name }»: начинается тур { $round } из { $rounds }.
tournament-bye = Т{ $round } { $player }: без пары (очки как за победу в туре)
tournament-full = Мест в турнире #{ $id } нет: участников уже { $limit }.
tournament-not-entered = { $name } не участвует в турнире #{ $id }.
tournament-over = Турнир #{ $id } завершён.
tournament-withdrawn = { $player } выбывает из турнира #{ $id } «{ $name }»{ $games ->
    [0] .
    [one] : { $games } текущая партия проиграна.
    [few] : { $games } текущие партии проиграны.
   *[other] : { $games } текущих партий проиграно.
} В таблице несыгранные партии засчитываются как поражения, а если сыграно меньше половины — все результаты участника аннулируются.
tournament-cancelled = Турнир #{ $id } «{ $name }» отменён ({ $admin }){ $games ->
    [0] .
    [one] : текущая партия заканчивается без результата.
   *[other] : текущие партии ({ $games }) заканчиваются без результата.
} На рейтинги и таблицу они не влияют.
tournament-missing = Турнир #{ $id } «{ $name }»{ $round ->
    [0] {""}
   *[other] , тур { $round }
}: { $count ->
    [one] не доиграна { $count } партия
    [few] не доиграны { $count } партии
   *[other] не доиграно { $count } партий
}:
tournament-missing-line = Т{ $round } #{ $game } { $white } – { $black }: ходит { $player }, { $left }
tournament-missing-none = Турнир #{ $id } «{ $name }»: недоигранных партий нет.
tournament-overdue = время истекло
tournament-adjudicated = Партия #{ $game } ({ $white } – { $black }) турнира #{ $id }: результат присудил(а) { $admin }.
tournament-advice = Партия #{ $game } { $white } – { $black }, ходит { $player }. Совет движка (глубина { $depth }): { $eval }; лучший ход { $best }. Присудить: /турнир присудить { $game } 1-0, 0-1 или 1/2.
advice-eval-even = примерно поровну ({ $men } шашки)
advice-eval-better = у { $side ->
    [white] белых
   *[black] чёрных
} перевес в { $men } шашки
advice-eval-win = { $side ->
    [white] белые
   *[black] чёрные
} выигрывают форсированно (за { $plies } полуходов)
advice-no-move = нет (ходов нет)
tournament-crosstable-page = Турнир #{ $id } «{ $name }»: таблица, страница { $page } из { $pages }
tournament-bad-max = В турнире от 2 до 64 участников; «{ $max }» не подходит.
adjudicate-usage = Укажите партию и результат: /турнир присудить 12 1-0 (или 0-1, 1/2); без результата — совет движка.
adjudicate-bad-result = «{ $word }» — не результат: 1-0 (победа белых), 0-1 (победа чёрных) или 1/2 (ничья).
not-a-tournament-game = Партия { $game } — не партия турнира этого чата.
tournament-removed = { $player } исключён из списка турнира #{ $id } «{ $name }» (записалось: { $count }).
cmd-tournament = Турниры: новый, участвую, выйти, начать, недоигранные, присудить, отменить, pdn
opt-tournament-text = new НАЗВАНИЕ rr micro days 3 max 20 casual · join · leave · start · missing · cancel · pdn
opt-help-topic = Тема: правила или турнир
cmd-standings = Таблица турнира
replay-caption = Партия #{ $game }: { $white } – { $black }, полуходов: { $plies }, { $result }.
position-caption = { $color ->
    [white] Ход белых
   *[black] Ход чёрных
}, { $moves ->
    [0] ходить некуда (у стороны, чей ход, { $stuck ->
        [won] победа
       *[lost] поражение
    })
   *[other] возможных ходов: { $moves }
}. FEN: { $fen }
bad-fen = Это не позиция: { $error }. FEN выглядит так: W:W21-32:B1-12 (чей ход, затем белые и чёрные шашки; K перед дамкой).
position-usage = Напишите позицию после команды, например /position W:Wc3,e3,Kh2:Bd6,f6 (сначала вариант — для его правил и номеров полей: /позиция итальянские W:W21,22:B9,10).
cmd-replay = Партия в виде анимации (GIF)
cmd-position = Показать любую позицию по FEN
opt-fen = Позиция, например W:W21-32:B1-12
analyse-started = Разбираю партию #{ $game } (полуходов: { $plies }); результат появится здесь.
analyse-pending = Партия #{ $game } уже разбирается; результат появится здесь.
analyse-unfinished = Партия #{ $game } ещё идёт: разобрать её можно после окончания.
analyse-too-many = Разборов в очереди у вас уже { $limit }; попросите снова, когда они будут готовы.
analyse-summary = Разбор партии #{ $game } (глубина { $depth }):
    Белые, { $white }: точность { $white_acc } %, неточности ?! { $white_dubious }, ошибки ? { $white_mistakes }, грубые ошибки ?? { $white_blunders }{ $white_worst }
    Чёрные, { $black }: точность { $black_acc } %, неточности ?! { $black_dubious }, ошибки ? { $black_mistakes }, грубые ошибки ?? { $black_blunders }{ $black_worst }
    В PDN — все пометки и лучший ход после каждой ошибки.
analyse-worst = ; худший ход: { $move } — лучше было { $better }
cmd-analyse = Разбор сыгранной партии движком

# Clocks: bank time and leave days (issue 13)
tournament-time-per-move = { $per_move } на ход
tournament-time-bank = банк времени: { $moves } ходов за { $days } дн. (неиспользованное время переносится)
bank-left = Банк: у белых { $white }, у чёрных { $black }; до прибавки { $days } дн. осталось ходов: { $togo } (прибавка каждые { $moves } ходов).
tournament-bad-bank = «{ $word }» — не банк времени: напишите ХОДЫ/ДНИ, например банк 10/30 (1–100 ходов за 1–365 дней).
tournament-not-running = Турнир #{ $id } сейчас не идёт.
leave-usage = /турнир пауза N останавливает ваши партии турнира #{ $id } на N дней. Дней перерыва в нём у вас осталось: { $left }.
leave-too-long = Вы просите { $days } дн., а дней перерыва в турнире #{ $id } у вас осталось { $left }.
leave-set = Ваши партии турнира #{ $id } «{ $name }» остановлены на { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}. Осталось дней перерыва в нём: { $left }.
leave-announce = { $player } берёт перерыв в турнире на { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}: { $count ->
    [one] часы в партии { $games } остановлены
   *[other] часы в партиях { $games } остановлены
}. { $opponent }, ваши сроки не меняются.
tournament-ends = Окончание { $date } (UTC): партии, не законченные к этому дню, присуждает организатор.
tournament-bad-end = «{ $word }» — не дата окончания: напишите будущий день как ГГГГ-ММ-ДД, например до 2027-03-01.
tournament-past-end = Турнир #{ $id } «{ $name }» дошёл до даты окончания; не закончено партий: { $count }. Их присуждает организатор (/tournament adjudicate ПАРТИЯ — совет движка; /tournament adjudicate ПАРТИЯ 1-0|0-1|ничья — решение).
if-stored = Сохранено для партии #{ $game } (видно только вам): { $line }. Ответ будет сыгран за вас, как только соперник сделает этот ход; любой другой его ход отменит ваши варианты.
if-none = Условных ходов в партии #{ $game } у вас нет. Напишите /если #{ $game } X Y: если соперник сыграет X, за вас сразу будет сыгран Y.
if-list = Ваши условные ходы в партии #{ $game }:
if-cleared = Партия #{ $game }: удалено условных вариантов: { $count }.
if-in-public = Условные ходы — секрет: отправьте /если в личном чате с ботом (с номером партии, /если #12 …), чтобы соперник их здесь не прочёл.
if-usage = Напишите ход соперника и свой ответ, можно несколько пар: /если #12 f6-g5 c3-d4 (g7-f6 b2-c3). /если #12 — список, /если #12 очистить — удалить.
if-your-turn = В партии #{ $game } ваш ход: сделайте его; условные ходы — на ход соперника.
if-illegal = Партия #{ $game }: так ходить нельзя — { $move } ({ $error }); вариант не сохранён.
if-too-many = У вас уже { $limit } условных вариантов в этой партии; удалите лишние: /если очистить.
cmd-if = Условные ходы: если соперник сыграет X, ответить Y
opt-if-text = #партия, затем ход соперника и ваш ответ, напр. #12 f6-g5 c3-d4
button-analyse = 🔍 Анализ
button-replay = ▶ Повтор
challenge-from = Из позиции { $fen }.
takeback-done = { $player } берёт назад свой последний ход и ответ ИИ в партии #{ $game }.
takeback-rated = В партии #{ $game } ходы назад не берут: только в товарищеских партиях, в рейтинговых и турнирных — никогда.
takeback-wait = Партия #{ $game }: дождитесь ответа ИИ, потом берите ход назад.
takeback-nothing = Партия #{ $game }: вам пока нечего брать назад.

cmd-notify = Личные сообщения, когда ваш ход: on или off
opt-notify-state = on или off
notify-is-on = Личные уведомления включены: я пишу вам, когда ваш ход в партии в группе, когда приходит напоминание о вашем ходе и когда соперник предлагает ничью или просит вернуть ход. /notify off — выключить.
notify-is-off = Личные уведомления выключены. /notify on — я буду писать вам лично, когда ваш ход в партии в группе.
notify-turned-on = Личные уведомления включены: я напишу вам, когда будет ваш ход в партии в группе.
notify-turned-off = Личные уведомления выключены.
notify-usage = Так: /notify on или /notify off (/notify — что включено сейчас).
notify-open-private = Telegram разрешает боту писать вам, только если вы сами открыли с ним личный чат: нажмите кнопку ниже, затем «Запустить».
button-open-private = 💬 Открыть личный чат
button-open-game = ♟ Открыть партию
notify-turn = Ваш ход в партии #{ $game } ({ $chat }): { $opponent } сходил(а) { $move }.
notify-start = Партия #{ $game } ({ $chat }) началась: ваш ход.
notify-reminder = Напоминание: на ваш ход в партии #{ $game } ({ $chat }) осталось { $left }.
notify-draw = { $player } предлагает ничью в партии #{ $game } ({ $chat }).
notify-takeback = { $player } просит вернуть свой последний ход в партии #{ $game } ({ $chat }).
settings-threads = Каждая новая партия в своей ветке: { $state ->
    [on] да
   *[off] нет
} (/settings threads on|off).
game-thread-name = Партия #{ $game }: { $white } – { $black }
game-in-thread = Партия #{ $game } идёт в своей ветке.
cmd-takeback = Вернуть свой последний ход (товарищеские партии)
takeback-asked = { $player } просит вернуть свой последний ход в партии #{ $game }. { $opponent }, вы согласны?
takeback-agreed = { $opponent } соглашается: последний ход { $player } в партии #{ $game } взят назад.
takeback-declined = { $opponent } отказывает { $player } в возврате хода в партии #{ $game }.
takeback-pending = Партия #{ $game }: просьба вернуть ход уже ждёт ответа.
takeback-lapsed = Партия #{ $game }: этой просьбы вернуть ход больше нет (с тех пор сделан ход или на неё уже ответили).
takeback-not-yours = Партия #{ $game }: ответить на просьбу вернуть ход может только соперник.
opt-challenge-rating = Рейтинговая или товарищеская
opt-rating-rated = Рейтинговая
opt-rating-casual = Товарищеская
analyse-progress = Разбираю партию #{ $game }… { $percent } % ({ $done } из { $plies } полуходов)
analyse-files = Партия #{ $game }: график оценки и PDN с пометками.
analyse-failed = Разобрать партию #{ $game } не удалось.
opt-challenge-opponent = Кого: участник этого сервера
opt-challenge-variant = Какие шашки
opt-top-list = Какой список: решатели задач или игроки варианта
opt-top-puzzles = Решатели задач
inline-daily-title = Задача дня #{ $id }
inline-daily-description = { $color ->
        [white] Белые
       *[black] Чёрные
    } начинают и выигрывают в { $moves } { $moves ->
        [one] ход
        [few] хода
       *[other] ходов
    } · рейтинг { $rating }
inline-daily-text = Шашечная задача дня #{ $id }: { $color ->
        [white] белые
       *[black] чёрные
    } начинают и выигрывают в { $moves } { $moves ->
        [one] ход
        [few] хода
       *[other] ходов
    }. Решите?
inline-daily-button = 🧩 Решить
inline-play-title = Сыграйте со мной в шашки
inline-play-description = Отправить приглашение на партию в русские шашки
inline-play-text = { $name } приглашает вас сыграть в русские шашки: откройте бота или добавьте его в чат с вами обоими и отправьте /challenge.
inline-play-button = ♟ Играть
takeback-declined-already = Партия #{ $game }: в возврате хода вам уже отказали; попросить снова можно после следующего хода.

# the web board (issue 24)
cmd-web = Ваша ссылка на партию (или на вашу открытую задачу) на веб-доске
web-off = Веб-доска у этого бота не настроена.
web-link = Партия #{ $game } на веб-доске (ссылка только для вас, на { $hours } ч): { $url }
web-sent-private = Я отправил ссылку вам в личные сообщения.
web-title = Партия #{ $game }
web-flip = Перевернуть
web-pdn = PDN
web-draw = Предложить ничью
web-resign = Сдаться
web-confirm-resign = Сдать эту партию?
web-confirm-draw = Предложить (или принять) ничью?
web-moves = Ходы
web-link-invalid = Эта ссылка не открывает эту страницу (неверная, устарела или отозвана). Попросите новую командой /web.
web-slow-down = Слишком много запросов: подождите немного.
web-private-game = Партия #{ $game } из личного чата: на веб-доске её открывают только игроки.
web-spectators-off = В этой группе партию #{ $game } на веб-доске открывают только игроки (администратор может разрешить всем: /settings web on).
web-app-invalid = Вход через Telegram для этой страницы не подтверждён (подделан или устарел). Откройте доску заново из чата.
web-app-no-game = Эта страница открывает партию с её доски в чате: нажмите там «Открыть доску».
web-app-opening = Открываю доску…
button-open-board = 🌐 Открыть доску
web-link-puzzle = Задача №{ $id } на веб-доске (ссылка только для вас, на { $hours } ч): { $url }
web-link-tournament = Турнир #{ $id } «{ $name }» на веб-доске (ссылка только для вас, на { $hours } ч): { $url }
web-tournament-spectators-off = В этой группе страницу турнира #{ $id } на веб-доске открывают только его участники (администратор может разрешить всем: /settings web on).
web-puzzle-over = Ваша попытка решить задачу №{ $id } здесь закончена: решение — на странице.
web-piece-white-man = белая шашка
web-piece-black-man = чёрная шашка
web-piece-white-king = белая дамка
web-piece-black-king = чёрная дамка
web-puzzle-title = Задача №{ $id }
web-puzzle-task = { $color ->
    [white] Белые
   *[black] Чёрные
} начинают и выигрывают в { $moves } { $moves ->
    [one] ход
    [few] хода
   *[other] ходов
} · рейтинг { $rating } · { $themes }
web-puzzle-your-move = Ваш ход: нажмите на шашку, затем на поле, куда она идёт (или перетащите её).
web-puzzle-solved = Решено — отлично!
web-puzzle-failed = Эта задача для вас здесь закончена: решение — под кнопкой ниже.
web-puzzle-confirm-solution = Сдаться и посмотреть решение?
web-puzzle-solution-hidden = Решение откроется, когда ваша попытка закончится: решите задачу или сдайтесь.
web-tournament-title = Турнир #{ $id } «{ $name }»
web-tournament-status = { $status ->
    [open] Идёт запись
    [running] Идёт
    [finished] Завершён
   *[other] Отменён
}
web-tournament-round = тур { $round } из { $rounds }
web-tournament-crosstable = Турнирная таблица
web-tournament-games = Идущие партии
web-tournament-no-games = Сейчас ни одна партия не идёт.
settings-web = Веб-доска для всех, а не только для игроков: { $state ->
    [on] да
   *[off] нет
} (/settings web on|off).
settings-web-set = Веб-доска партий этой группы: { $state ->
    [on] смотреть могут все.
   *[off] только для их игроков.
}
