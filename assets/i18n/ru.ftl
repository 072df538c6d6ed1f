# shashki — русские сообщения (Fluent). Каждый id должен быть и в en.ftl.

help-head = Русские шашки. Команды:
help-line-move = /ход e3-d4 — сделать ход (взятие: c3:e5, или c3:e5:g7 для нескольких)
help-line-board = /доска — показать доску
help-line-challenge =
    /вызов ии 3 белые — сыграть с ИИ (уровни 1–8; белые, чёрные или случайно)
    /вызов @имя 3 — вызвать игрока, 3 дня на ход (1–14 или безлимит)
    /вызов — открытый вызов: принять может любой в чате
    /вызов @имя товарищеская — товарищеская партия: без рейтинга, ходы возвращают по согласию (/вернуть)
    /вызов @имя поддавки — другая игра: поддавки, бразильские, пул, английские, чешские, итальянские, португальские (или variant=pool); /настройки вариант X — игра чата по умолчанию
help-line-games = /партии — ваши партии и чей ход
help-line-draw = /ничья — предложить или принять ничью
help-line-resign = /сдаться — сдаться
help-line-pdn = /pdn — запись партии
help-line-top = /рейтинг — рейтинг чата
help-line-vacation = /отпуск 7 — остановить ваши часы на 7 дней
help-line-notify = /уведомления вкл — личное сообщение, когда ваш ход в партии в группе (/уведомления выкл — больше не писать)
help-line-settings = /настройки — язык, тема, доска
help-line-puzzle = /задача — задача для решения · /top puzzles
help-line-hint = /подсказка — подсказка
help-line-daily = /daily on 09:00 +03:00 — задача дня в чате
help-line-tournament = /турнир новый НАЗВАНИЕ — заочный турнир в чате (администраторы) · /турнир участвую · /таблица · /помощь турнир
help-line-replay = /повтор — партия в виде анимации
help-line-analyse = /анализ — анализ законченной партии
help-line-position = /позиция W:Wc3,e3:Bd6 — показать любую позицию по FEN
help-line-help = /помощь правила — правила русских шашек
help-tail = Можно просто прислать ход, например e3-d4, или нажать кнопку.

help-tournament =
    Заочные турниры в этом чате:
    /турнир новый НАЗВАНИЕ [rr|drr|swiss-N] [микро|одиночные] [дней N] [банк ХОДЫ/ДНИ] [пауза N] [жеребьёвка fmjd|balanced] [макс N] [рейтинговый|товарищеский] [до ГГГГ-ММ-ДД] — открыть турнир (администраторы). По умолчанию: rr (круговой; drr — двухкруговой; swiss-7 — швейцарская система в 7 туров), микро (две партии на пару из одного начала по жребию, цвет меняется), дней на ход как в чате (банк 10/30: 10 ходов за 30 дней, неиспользованное время переносится), 30 дней перерыва на участника, жеребьёвка balanced, не больше 20 участников (2–64), рейтинговый.
    /турнир участвую · /турнир выйти — записаться; выйти (после начала — выбыть) · /турнир исключить @имя — то же для другого (администраторы)
    /турнир начать — жеребьёвка пар и начало партий (администраторы)
    /турнир — участники, партии в процессе, чей ход · /турнир недоигранные — партии, которые задерживают турнир, и их сроки
    /таблица — турнирная таблица (текст и картинка) · /турнир pdn — все партии одним файлом PDN
    /турнир присудить ПАРТИЯ 1-0|0-1|1/2 — решить недоигранную партию (администраторы); без результата — оценка и лучший ход движка как совет
    /турнир отменить — отменить турнир; партии в процессе заканчиваются без результата (администраторы)
    /турнир пауза N — взять N дней перерыва: все ваши партии турнира, где идут ваши часы, получают N дней
    Если турниров в чате несколько, добавьте номер: /турнир недоигранные #2.
    Очки: победа 2, ничья 1, поражение 0 за партию (в скобках то же как 1, ½, 0); микроматч — от 0 до 4.
    При равенстве очков: круговой — число побед (Поб), затем коэффициент Бергера (КБ); швейцарская — усечённый Солкофф (Солк-1: очки соперников без наименьшего), затем коэффициент Бергера, затем победы, затем личные встречи (Личн). Рейтинг места не решает.
    Товарищеский турнир не меняет рейтинги. Выбывший проигрывает оставшиеся партии; если он сыграл меньше половины, его результаты аннулируются.

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

unknown-command = Не знаю команду /{ $command }. Список команд: /help
move-usage = Напишите ход после /ход, например: /ход e3-d4
something-went-wrong = Что-то пошло не так, ничего не сохранено. Попробуйте ещё раз чуть позже.
chat-busy = В этом чате слишком много запросов сразу; ничего не сделано. Попробуйте ещё раз чуть позже.
button-invalid = Эта кнопка больше не действует.
button-stale = Позиция изменилась с тех пор, как появилась эта кнопка: посмотрите новую доску.
button-back = ‹ назад
choose-target = Куда пойти шашкой с { $square }?
choose-piece = Какой шашкой ходить?
resign-confirm = Сдать партию #{ $game }? Отменить будет нельзя.
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
to-move = Ход: { $player } ({ $color ->
    [white] белые
   *[black] чёрные
}).
time-left = Осталось: { $time }.
move-number = Ход { $move }.
turn-note = { $move }, ходит { $player }.
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
challenge-bad-days = { $days } дней на ход нельзя: от 1 до 14 или «безлимит».
challenge-self = Нельзя вызвать самого себя.
challenge-card = Вызов #{ $id }: { $from } { $open ->
    [yes] приглашает любого сыграть.
   *[no] вызывает { $to }.
} { $from } играет { $color ->
    [white] белыми
    [black] чёрными
   *[random] случайным цветом
}; { $per_move } на ход{ $variant ->
    [russian] {""}
   *[other] , { $variant_name }
}{ $casual ->
    [yes] {", товарищеская (без рейтинга)"}
   *[no] {""}
}. Действует { $expires }.
no-open-challenge = Для вас здесь нет открытого вызова. Создайте его: /вызов
limit-challenges = У вас уже { $limit } открытых вызовов: дождитесь ответа или отзовите вызов командой /decline.
limit-games = Вы уже играете { $limit } партий: закончите одну, прежде чем начинать новую.
limit-chat-games = В этом чате уже идёт { $limit } партий: закончите одну, прежде чем начинать новую.
limit-ai-games = Вы уже играете { $limit } партий с ИИ: сначала закончите одну.
limit-opponent-games = Ваш соперник уже играет { $limit } партий: ему нужно сначала закончить одну.
challenge-unknown = В этом чате нет вызова #{ $id }.
challenge-closed = Вызов #{ $id } уже закрыт.
button-share = 📨 Поделиться
challenge-share-text = { $from } приглашает вас сыграть в шашки в «{ $chat }» (вызов #{ $id }).
challenge-link = Вызов #{ $id }: { $from } приглашает вас сыграть в шашки в «{ $chat }», { $per_move } на ход ({ $variant_name }). Примите — и партия начнётся там.
challenge-accepted-there = Вы приняли вызов: партия #{ $game } начинается в «{ $chat }».
challenge-own = Это ваш собственный вызов: принять его должен кто-то другой.
challenge-not-for-you = Этот вызов адресован другому игроку.
challenge-cancelled = { $name } отозвал(а) вызов #{ $id }.
challenge-declined = { $name } отклонил(а) вызов #{ $id }.
challenge-expired = Вызов #{ $id } истёк: его никто не принял.
game-started = Партия #{ $game } началась: { $white } (белые) против { $black } (чёрные), { $per_move } на ход{ $variant ->
    [russian] {""}
    [poddavki] . { $variant_name }: выигрывает тот, кто отдаст все шашки или останется без хода
   *[other] . { $variant_name }
}.
game-unknown = Партии { $game } нет.
no-active-game = У вас здесь нет текущей партии. Начните: /вызов
which-game = У вас здесь несколько партий ({ $games }): добавьте номер, например /доска { $games }.
not-your-turn = Сейчас не ваш ход ни в одной из ваших партий здесь.
not-your-turn-in = Сейчас не ваш ход в партии #{ $game }.
move-illegal = Партия #{ $game }: { $error }
move-which-game = { $move } возможен в нескольких ваших партиях. В какой?
move-empty = Ход не указан: пишите так: e3-d4 или c3:e5.
move-bad-square = «{ $token }» — не тёмное поле (a1…h8 или 1…32).
move-none = Ходов нет: партия окончена.
move-ambiguous = { $input } может означать { $candidates }: напишите ход полностью.
why-empty-square = на { $square } нет шашки
why-not-your-piece = шашка на { $square } не ваша
why-must-capture = бить обязательно
why-capture-precedence = правила взятия этого варианта требуют другого взятия
why-capture-ends-earlier = взятие заканчивается раньше
why-capture-not-finished = взятие продолжается, его нужно закончить
why-cannot-move = шашка с { $square } туда не ходит
move-not-legal = { $input } — невозможный ход. Возможные ходы: { $legal }.
move-not-legal-why = { $input } — невозможный ход ({ $why }). Возможные ходы: { $legal }.
move-played = { $player }: { $move }
reason-no-moves = { $variant ->
    [poddavki] не осталось ходов (в поддавки это победа)
   *[other] не осталось ходов
}
reason-resignation = сдача
reason-timeout = время на ход истекло
reason-agreement = по соглашению
reason-repetition = позиция повторилась трижды
reason-kings-only = { $moves } ходов одними дамками, без взятий и ходов простыми
reason-lone-king = { $variant ->
    [brazilian] одинокую дамку не поймали вовремя (16 ходов против трёх фигур, 5 против двух)
   *[other] три дамки не поймали одинокую дамку за 15 ходов
}
reason-long-diagonal = одинокая дамка удержала большую дорогу
reason-balance = соотношение сил не менялось
reason-withdrawal = выход из турнира
reason-adjudicated = решение организатора (присуждение)
reason-cancelled = турнир отменён
result-win = Победа: { $winner } ({ $color ->
    [white] белые
   *[black] чёрные
}), { $reason }. Результат { $result }.
result-draw = Ничья: { $reason }. Результат 1-1.
board-headline = Партия #{ $game }
games-none = У вас нет текущих партий.
games-header = Ваши партии:
games-line = #{ $game } против { $opponent } (вы играете { $color ->
    [white] белыми
   *[black] чёрными
}) — { $my_turn ->
    [yes] ваш ход
   *[no] ход соперника
}, { $left }
games-in-chat = — в чате { $chat }
resigned = { $player } сдал(а) партию #{ $game }.
draw-agreed = Партия #{ $game }: ничья по соглашению.
draw-already-offered = Вы уже предложили ничью; ждём ответа.
draw-ai-declines = ИИ отказывается от ничьей и играет дальше.
draw-offered = { $player } предлагает ничью в партии #{ $game }. { $opponent }, согласны?
draw-none-to-decline = Предложения ничьей нет.
draw-declined = { $player } отказал(а)ся от ничьей в партии #{ $game }. Игра продолжается.
admins-only = Это могут менять только администраторы чата.
variant-unknown = «{ $word }» — не вариант игры: русские, поддавки, бразильские, пул, английские, чешские, итальянские или португальские.
variant-russian = Русские шашки
variant-poddavki = Поддавки
variant-brazilian = Бразильские шашки
variant-pool = Пул (американские шашки пул)
variant-english = Английские шашки (чекерс)
variant-czech = Чешские шашки
variant-italian = Итальянские шашки
variant-portuguese = Португальские шашки
settings-saved = Сохранено.
settings-bad-value = «{ $value }» не подходит для { $key }: варианты: { $allowed }.
settings-unknown = Настройки «{ $key }» нет. Настройки: { $keys }.
settings-show =
    Настройки: язык { $lang }, тема { $theme }, доска { $orientation }, по умолчанию { $days } дн. на ход, напоминания, когда остаётся { $reminders }, доски { $boards }, игра по умолчанию: { $variant }.
    Изменить: /настройки lang en · /настройки theme contrast · /настройки orientation white|auto|mover · /настройки days 5 · /настройки reminders 50% 24h (или off) · /настройки boards edit|new · /настройки вариант русские|поддавки|бразильские|пул|английские|чешские|итальянские|португальские
top-empty = В этом чате пока нет рейтинговых партий ({ $variant_name }): рейтинг считается по партиям между людьми.
top-header = Рейтинг чата, { $variant_name } (Glicko-2):
top-line = { $place }. { $name } — { $rating } ±{ $deviation } (побед { $wins }, ничьих { $draws }, поражений { $losses })
vacation-usage = /отпуск N останавливает ваши часы на N дней. В этом году осталось дней отпуска: { $left }.
vacation-too-long = Вы просите { $days } дн., а осталось { $left } дн. отпуска в этом году.
vacation-set = Ваши часы остановлены на { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}. Осталось дней отпуска в этом году: { $left }.
vacation-announce = { $player } в отпуске на { $days ->
    [one] { $days } день
    [few] { $days } дня
   *[other] { $days } дней
}: { $count ->
    [one] часы в партии { $games } остановлены
   *[other] часы в партиях { $games } остановлены
}. { $opponent }, ваши сроки не меняются.
timed-out = { $player } не сделал(а) ход вовремя в партии #{ $game }.
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
cmd-settings = Язык, тема доски, ориентация, дни на ход
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
    [white] Ход белых, выигрыш
   *[black] Ход чёрных, выигрыш
}
theme-shot = удар
theme-multi-capture = многократное взятие
theme-breakthrough = прорыв в дамки
theme-king-endgame = дамочный эндшпиль
theme-endgame = эндшпиль
theme-game-win = выигрыш партии
theme-material = выигрыш материала
button-puzzle-hint = 💡 Подсказка
button-puzzle-solution = Решение
button-puzzle-next = Следующая задача
puzzle-show = Задача №{ $id } · рейтинг { $rating } · { $themes }
    { $color ->
        [white] Белые
       *[black] Чёрные
    } начинают и выигрывают (ходов: { $moves }). Пришлите ход (например, /задача c3-d4 или просто ход); /подсказка — подсказка, /задача ответ — показать решение.
puzzle-none = Задачи не загружены.
puzzle-unknown = Задачи { $id } нет.
puzzle-no-open = У вас нет открытой задачи здесь: /задача даст новую.
puzzle-daily-done = Вы уже решали сегодняшнюю задачу дня здесь.
puzzle-illegal = { $move } — здесь невозможный ход. Возможные: { $legal }
puzzle-wrong = Не этот ход ({ $move }). Ещё { $left } { $left ->
    [one] попытка
    [few] попытки
   *[other] попыток
}.
puzzle-failed = Не этот ход ({ $move }) — попытки кончились. Решение: { $solution }
puzzle-right = Верно, { $move }! Ответ: { $reply }. Ваш ход.
puzzle-solved = Решено ходом { $move }! Решение: { $solution }
    Рейтинг в задачах { $rating } ({ $delta }), серия { $streak }.
puzzle-solved-unrated = Решено ходом { $move }! Решение: { $solution }
puzzle-gave-up = Задача №{ $id }, решение: { $solution }
puzzle-hint-square = Подсказка: начинает шашка на { $square }.
puzzle-hint-move = Подсказка: ход { $move }.
puzzle-top-empty = В этом чате задачи ещё не решали: /задача, чтобы начать.
puzzle-top-header = Рейтинг в задачах в этом чате:
puzzle-top-line = { $place }. { $name } — { $rating } (решено { $solved }, не решено { $failed }, серия { $streak }, лучшая { $best })
daily-on = Задача дня включена: каждый день в { $time } ({ $offset }); следующая — { $date }.
daily-off = Задача дня в этом чате выключена.
daily-status-off = Задача дня здесь выключена. Включить: /daily on 09:00 +03:00 (время чата и сдвиг от UTC).
daily-bad-time = { $value } — не время: пишите ЧЧ:ММ, например 09:00.
daily-bad-offset = { $value } — не сдвиг от UTC: пишите, например, +03:00 или -05:00.
daily-post = Задача дня на { $date } — №{ $id } · рейтинг { $rating } · { $themes }
    { $color ->
        [white] Белые
       *[black] Чёрные
    } начинают и выигрывают (ходов: { $moves }). Пришлите первый ход; /подсказка — подсказка.
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
    [swiss] швейцарская система, туров: { $rounds },
   *[other] круговой
}{ $micro ->
    [yes] {" "}из микроматчей (две партии на пару из выпавшего по жребию начала, цвет меняется)
   *[other] {" "}из одиночных партий из выпавшего по жребию начала
}, { $time }, { $leave } дн. перерыва на участника, жеребьёвка { $ballot }, { $rated ->
    [yes] рейтинговый
   *[other] товарищеский (рейтинги не меняются)
}, не больше { $max } участников. Записаться: /турнир участвую; администратор начинает: /турнир начать.
tournament-joined = { $player } участвует в турнире #{ $id } «{ $name }» (записалось: { $count }).
tournament-joined-late = { $player } входит в турнир #{ $id } «{ $name }» с опозданием: за каждый пропущенный тур (их { $rounds }) — пол-очка; в паре с { $next }-го тура.
tournament-left = { $player } выходит из турнира #{ $id } «{ $name }» (записалось: { $count }).
tournament-started = Турнир #{ $id } «{ $name }» начался: { $players } участников, { $rounds ->
    [0] { $games } партий, все сразу
   *[other] тур 1 из { $rounds }, партий: { $games }
}, { $time }. Ваши партии: /партии; доска: /доска #N.
tournament-game-started = Т{ $round } #{ $game } { $white } – { $black } · { $opening }
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
tournament-to-move = #{ $game } { $white } – { $black }: ход за { $player }
tournament-progress = Завершено партий: { $done } из { $games }. Таблица: /таблица
tournament-standings = Таблица турнира #{ $id } «{ $name }»:
tournament-finished = Турнир #{ $id } «{ $name }» завершён! { $count ->
    [one] Победитель: { $winners }.
   *[other] Первое место делят: { $winners }.
} Итоговая таблица:
tournament-pdn = Турнир #{ $id } «{ $name }»: партий в PDN: { $games }.
tournament-usage = Создать турнир: /турнир новый НАЗВАНИЕ [rr|drr|swiss-N] [микро|одиночные] [дней N] [банк ХОДЫ/ДНИ] [пауза N] [жеребьёвка fmjd|balanced] [макс N] [рейтинговый|товарищеский] [до ГГГГ-ММ-ДД]; затем /турнир участвую, /турнир начать, /турнир, /таблица, /турнир pdn, /турнир недоигранные, /турнир пауза N (дни перерыва); /турнир выйти — выбыть (администраторы: /турнир исключить @имя, /турнир присудить ПАРТИЯ РЕЗУЛЬТАТ, /турнир отменить). Всё вместе: /помощь турнир
tournament-bad-word = «{ $word }» — не параметр турнира (rr, drr, микро, одиночные, дней N, банк ХОДЫ/ДНИ, пауза N, жеребьёвка fmjd|balanced, макс N, рейтинговый, товарищеский). Швейцарская система: swiss-7.
tournament-unknown = В этом чате нет турнира { $id }.
tournament-none = В этом чате нет турнира. Администратор создаёт его: /турнир новый НАЗВАНИЕ.
tournament-which = Здесь несколько турниров ({ $ids }): добавьте номер, например /турнир участвую { $ids }.
tournament-not-open = Запись в турнир #{ $id } закрыта.
tournament-too-late = В турнире #{ $id } уже разведено туров: { $rounds }. Опоздавших принимают, пока не разведена половина туров.
tournament-already-in = Вы уже участвуете в турнире #{ $id }.
tournament-not-in = Вы не участвуете в турнире #{ $id }.
tournament-too-few = Для турнира нужно хотя бы 2 участника; записалось: { $players }.
tournament-time-forfeits = { $player } проиграл две партии турнира #{ $id } по времени и исключается из него.
tournament-round = Турнир #{ $id } «{ $name }»: начинается тур { $round } из { $rounds }.
tournament-bye = Т{ $round } { $player }: без пары (очки за выигранный тур)
tournament-full = В турнире #{ $id } мест нет: { $limit } участников.
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
    [one] : его партия в процессе заканчивается без результата.
   *[other] : его партии в процессе ({ $games }) заканчиваются без результата.
} На рейтинги и таблицу они не влияют.
tournament-missing = Турнир #{ $id } «{ $name }»{ $round ->
    [0] {""}
   *[other] , тур { $round }
}: ещё не доиграно партий: { $count }
tournament-missing-line = Т{ $round } #{ $game } { $white } – { $black }: ход за { $player }, { $left }
tournament-missing-none = Турнир #{ $id } «{ $name }»: недоигранных партий нет.
tournament-overdue = время истекло
tournament-adjudicated = Партия #{ $game } ({ $white } – { $black }) турнира #{ $id }: результат присуждён ({ $admin }).
tournament-advice = Партия #{ $game } { $white } – { $black }, ход за { $player }. Совет движка (глубина { $depth }): { $eval }; лучший ход { $best }. Решение: /турнир присудить { $game } 1-0, 0-1 или 1/2.
advice-eval-even = примерно равно ({ $men } шашки)
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
replay-caption = Повтор партии #{ $game }: { $white } – { $black }, полуходов: { $plies }, { $result }.
position-caption = Ход { $color ->
    [white] белых
   *[black] чёрных
}, { $moves ->
    [0] ходов нет (у стороны, чей ход, поражение)
   *[other] возможных ходов: { $moves }
}. FEN: { $fen }
bad-fen = Это не позиция: { $error }. FEN выглядит так: W:W21-32:B1-12 (чей ход, затем белые и чёрные шашки; K перед дамкой).
position-usage = Напишите позицию после команды, например /position W:Wc3,e3,Kh2:Bd6,f6 (сначала вариант — для его правил и номеров полей: /позиция итальянские W:W21,22:B9,10).
cmd-replay = Партия в виде анимации (GIF)
cmd-position = Показать любую позицию по FEN
opt-fen = Позиция, например W:W21-32:B1-12
analyse-started = Анализирую партию #{ $game } (полуходов: { $plies }); результат появится здесь.
analyse-pending = Партия #{ $game } уже анализируется; результат появится здесь.
analyse-unfinished = Партия #{ $game } ещё идёт: анализ возможен после её окончания.
analyse-too-many = У вас уже { $limit } анализа в очереди; попросите снова, когда они будут готовы.
analyse-summary = Анализ партии #{ $game } (глубина { $depth }):
    Белые { $white }: точность { $white_acc } %, неточности ?! { $white_dubious }, ошибки ? { $white_mistakes }, грубые ошибки ?? { $white_blunders }
    Чёрные { $black }: точность { $black_acc } %, неточности ?! { $black_dubious }, ошибки ? { $black_mistakes }, грубые ошибки ?? { $black_blunders }
    В PDN — все оценки и лучший ход после каждой ошибки.
cmd-analyse = Анализ законченной партии движком

# Clocks: bank time and leave days (issue 13)
tournament-time-per-move = { $per_move } на ход
tournament-time-bank = банк времени: { $moves } ходов за { $days } дн. (неиспользованное время переносится)
bank-left = Банк: у белых { $white }, у чёрных { $black }; ещё ходов до следующих { $days } дн.: { $togo } (каждые { $moves } ходов).
tournament-bad-bank = «{ $word }» — не банк времени: напишите ХОДЫ/ДНИ, например банк 10/30 (1–100 ходов за 1–365 дней).
tournament-not-running = Турнир #{ $id } сейчас не идёт.
leave-usage = /турнир пауза N останавливает ваши партии турнира #{ $id } на N дней. Осталось дней перерыва в нём: { $left }.
leave-too-long = Вы просите { $days } дн., а дней перерыва в турнире #{ $id } осталось { $left }.
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
if-stored = Сохранено для партии #{ $game } (видно только вам): { $line }. Ответ сыграется за вас, как только соперник сделает этот ход; любой другой ход отменит ваши варианты.
if-none = У вас нет условных ходов в партии #{ $game }. Напишите /если #{ $game } X Y: если соперник сыграет X, за вас сразу сыграется Y.
if-list = Ваши условные ходы в партии #{ $game }:
if-cleared = Партия #{ $game }: удалено условных вариантов: { $count }.
if-in-public = Условные ходы — секрет: отправьте /если в личном чате с ботом (с номером партии, /если #12 …), чтобы соперник их здесь не прочёл.
if-usage = Напишите ход соперника и свой ответ, можно несколько пар: /если #12 f6-g5 c3-d4 (g7-f6 b2-c3). /если #12 — список, /если #12 очистить — удалить.
if-your-turn = В партии #{ $game } ваш ход: сделайте его; условные ходы — на ход соперника.
if-illegal = Партия #{ $game }: { $move } там невозможен ({ $error }); вариант не сохранён.
if-too-many = У вас уже { $limit } условных вариантов в этой партии; удалите лишние: /если очистить.
cmd-if = Условные ходы: если соперник сыграет X, ответить Y
opt-if-text = #партия, затем ход соперника и ваш ответ, напр. #12 f6-g5 c3-d4
button-analyse = 🔍 Анализ
button-replay = ▶ Повтор
challenge-from = Из позиции { $fen }.
takeback-done = { $player } возвращает свой последний ход и ответ ИИ в партии #{ $game }.
takeback-rated = В партии #{ $game } ходы не возвращают: только в товарищеских партиях, никогда в рейтинговых и турнирных.
takeback-wait = Партия #{ $game }: дождитесь хода ИИ, затем возвращайте.
takeback-nothing = Партия #{ $game }: вам пока нечего возвращать.

cmd-notify = Личные сообщения, когда ваш ход: on или off
opt-notify-state = on или off
notify-is-on = Личные уведомления включены: я пишу вам, когда ваш ход в партии в группе, когда приходит напоминание о вашем ходе и когда соперник предлагает ничью или просит вернуть ход. /notify off — выключить.
notify-is-off = Личные уведомления выключены. /notify on — я буду писать вам лично, когда ваш ход в партии в группе.
notify-turned-on = Личные уведомления включены: я напишу вам, когда будет ваш ход в партии в группе.
notify-turned-off = Личные уведомления выключены.
notify-usage = Так: /notify on или /notify off (/notify — текущее состояние).
notify-open-private = Telegram разрешает боту писать вам, только если вы сами открыли с ним личный чат: нажмите кнопку ниже, затем «Запустить».
button-open-private = 💬 Открыть личный чат
button-open-game = ♟ Открыть партию
notify-turn = Ваш ход в партии #{ $game } ({ $chat }): { $opponent } сыграл(а) { $move }.
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
takeback-asked = { $player } просит вернуть свой последний ход в партии #{ $game }. { $opponent }, согласны?
takeback-agreed = { $opponent } соглашается: последний ход { $player } в партии #{ $game } возвращён.
takeback-declined = { $opponent } отказывает { $player } в возврате хода в партии #{ $game }.
takeback-pending = Партия #{ $game }: просьба вернуть ход уже ждёт ответа.
takeback-lapsed = Партия #{ $game }: этой просьбы вернуть ход больше нет (с тех пор сделан ход или на неё уже ответили).
takeback-not-yours = Партия #{ $game }: ответить на просьбу вернуть ход может только соперник.
opt-challenge-rating = Рейтинговая или товарищеская
opt-rating-rated = Рейтинговая
opt-rating-casual = Товарищеская
analyse-progress = Анализирую партию #{ $game }… { $percent } % ({ $done } из { $plies } полуходов)
analyse-files = Партия #{ $game }: график оценки и PDN с пометками.
analyse-failed = Партию #{ $game } проанализировать не удалось.
opt-challenge-opponent = Кого: участник этого сервера
opt-challenge-variant = Какие шашки
opt-top-list = Какой список: решатели задач или игроки варианта
opt-top-puzzles = Решатели задач
inline-daily-title = Задача дня #{ $id }
inline-daily-description = { $color ->
        [white] Белые
       *[black] Чёрные
    } начинают и выигрывают, ходов: { $moves } · рейтинг { $rating }
inline-daily-text = Шашечная задача дня #{ $id }: { $color ->
        [white] белые
       *[black] чёрные
    } начинают и выигрывают, ходов: { $moves }. Решите?
inline-daily-button = 🧩 Решить
inline-play-title = Сыграйте со мной в шашки
inline-play-description = Отправить приглашение на партию в русские шашки
inline-play-text = { $name } приглашает вас сыграть в русские шашки: откройте бота или добавьте его в чат с вами обоими и отправьте /challenge.
inline-play-button = ♟ Играть
takeback-declined-already = Партия #{ $game }: в возврате хода уже отказали; спросить снова можно после следующего хода.
