//! Moves — by text (`e3-d4`, `/move #4 c3:e5`) and by button, one path:
//! find the game, pass the gate, play, record, announce. The end of a game
//! (result, ratings, final board and PDN) is here too.

use super::variants;
use super::GameRefusal;
use super::{position_of, Loaded};
use crate::args;
use crate::core::access::AccessRefusal;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::{corrupt, Refusal, Res};
use crate::core::games::clock::clock_after_move;
use crate::core::games::conditional::{conditional_reply, keep_conditional_rest};
use crate::core::games::show::pdn_text;
use crate::core::games::{game_by_id, game_with_moves_by_id, load, load_to_play, replay};
use crate::core::input::args::MoveArgs;
use crate::core::input::payload::Payload;
use crate::core::input::InputRefusal;
use crate::core::notify::Notice;
use crate::core::present::buttons::{move_choices, sorted_moves};
use crate::core::present::Draft;
use crate::core::types::Job;
use crate::core::{puzzles, ratings, tournaments};
use crate::store::{self, GameFacts, GameId, GameResult, GameRow, Ply, Seat, Termination};
use shashki_engine::game::Outcome as GameOutcome;
use shashki_engine::{AnyMove, Color, MoveError};

/// `/move [#game] MOVE`.
pub(crate) fn cmd_move(ctx: &mut Ctx, a: MoveArgs) -> Res<()> {
    match a.text {
        None => Err(InputRefusal::MoveUsage.into()),
        Some(text) => move_text(ctx, a.game, &text),
    }
}

/// A move as text. Without a game number it goes to the one of the
/// asker's games here where it is their turn and the text is a legal
/// move; failing that, to their puzzle here; failing that, the games
/// explain why it is not a move. The games are found with one query and
/// read from their stored positions; only the game played is replayed.
pub(crate) fn move_text(ctx: &mut Ctx, game: Option<GameId>, text: &str) -> Res<()> {
    let me = ctx.user_id()?;
    // the games where the text could be the asker's move: the one named
    // (its gate refuses with the reason; read with its moves), else theirs
    // here on their turn
    let mut named = None;
    let (rows, any_here) = match game {
        Some(id) => {
            let (row, moves, facts) = game_with_moves_by_id(ctx, id)?;
            ctx.gate(&row, Need::Move { ply: None })?;
            named = Some((moves, facts));
            (vec![row], true)
        }
        None => {
            let mine = store::active_games_of_in(ctx.c, me, ctx.chat.id)?;
            let any = !mine.is_empty();
            let on_turn = mine
                .into_iter()
                .filter(|row| ctx.gate(row, Need::Move { ply: None }).is_ok());
            (on_turn.collect(), any)
        }
    };
    let mut to_move = Vec::new();
    for row in rows {
        let parsed = position_of(ctx.c, &row)?.parse_move(text);
        to_move.push((row, parsed));
    }
    let legal: Vec<usize> = to_move
        .iter()
        .enumerate()
        .filter(|(_, (_, parsed))| parsed.is_ok())
        .map(|(i, _)| i)
        .collect();
    match legal.as_slice() {
        [i] => {
            let (row, parsed) = to_move.swap_remove(*i);
            let mv = parsed.map_err(|_| corrupt("a legal move became illegal"))?;
            let (loaded, facts) = match named {
                Some((moves, facts)) => (replay(row, &moves)?, facts),
                None => load_to_play(ctx.c, row)?,
            };
            play_with(ctx, loaded, mv, Some(&facts))
        }
        [] => {
            // a whole turn of two sub-moves at once (`c3-d4 b2-a3`)
            if let Some(pair) = sub_move_pair(ctx, &to_move, text)? {
                return play_pair(ctx, pair, named);
            }
            if game.is_none() && puzzles::answer(ctx, text)? {
                return Ok(());
            }
            Err(why_not_a_move(ctx, to_move, any_here)?.into())
        }
        many => {
            let mut d = Draft::text(
                ctx.private(),
                ctx.t("move-which-game", Some(&args![("move", text)])),
            );
            for &i in many {
                let Some((row, Ok(mv))) = to_move.get(i) else {
                    continue;
                };
                let index = sorted_moves(&position_of(ctx.c, row)?)
                    .iter()
                    .position(|m| m == mv)
                    .unwrap_or(0);
                let opp = match row.side_to_move() {
                    Some(c) => row.seat(c.opposite()),
                    None => continue,
                };
                let label = format!("#{} — {}", row.id, ctx.seat_name(opp)?);
                d.choices
                    .push(vec![crate::core::present::buttons::move_button(
                        row.id, row.ply, index, label,
                    )]);
            }
            ctx.post(d);
            Ok(())
        }
    }
}

/// Both sub-moves of a turn typed at once (`c3-d4 b2-a3`), in a game
/// whose turn is two (Vigman's): the one game of `to_move` where the first
/// word is the first sub-move and the second the second, with both.
/// `None`: not two words, or no such game (the text is refused as one
/// move); a refusal: the first sub-move fits but the second does not
/// (it names the second's legal sub-moves), or several games fit.
fn sub_move_pair(
    ctx: &Ctx,
    to_move: &[(GameRow, Result<AnyMove, MoveError>)],
    text: &str,
) -> Res<Option<(GameRow, AnyMove, AnyMove)>> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [first, second] = words.as_slice() else {
        return Ok(None);
    };
    let mut found = Vec::new();
    let mut second_wrong = None;
    for (row, _) in to_move {
        let g = position_of(ctx.c, row)?;
        if variants::sub_move_due(&g) != Some(false) {
            continue;
        }
        let Ok(one) = g.parse_move(first) else {
            continue;
        };
        let mut after = g.clone();
        if after.play(&one).is_err() || after.is_over() {
            continue;
        }
        match after.parse_move(second) {
            Ok(two) => found.push((row.clone(), one, two)),
            Err(error) => {
                second_wrong = Some(GameRefusal::IllegalMove {
                    game: row.id,
                    variant: row.variant,
                    error,
                })
            }
        }
    }
    match (found.len(), second_wrong) {
        (1, _) => Ok(found.pop()),
        (0, Some(refusal)) => Err(refusal.into()),
        (0, None) => Ok(None),
        _ => Err(GameRefusal::WhichGame {
            games: found.iter().map(|(row, _, _)| row.id).collect(),
        }
        .into()),
    }
}

/// Play both sub-moves of a turn typed at once: the first recorded
/// quietly, then the second announced as the whole turn — one board, one
/// transaction (a refusal of either leaves the game as it was).
fn play_pair(
    ctx: &mut Ctx,
    (row, one, two): (GameRow, AnyMove, AnyMove),
    named: Option<(Vec<String>, GameFacts)>,
) -> Res<()> {
    let (loaded, facts) = match named {
        Some((moves, facts)) => (replay(row, &moves)?, facts),
        None => load_to_play(ctx.c, row)?,
    };
    let Some(loaded) = play_turn(ctx, loaded, one, Some(&facts), true)? else {
        // announced: the first sub-move ended the game (`sub_move_pair`
        // found a second after it, so it cannot)
        return Ok(());
    };
    play_with(ctx, loaded, two, Some(&facts))
}

/// The refusal for a text that is a move in none of the asker's games
/// (`any_here`: they play a game in this chat, none on their turn).
fn why_not_a_move(
    ctx: &Ctx,
    mut to_move: Vec<(GameRow, Result<AnyMove, MoveError>)>,
    any_here: bool,
) -> Res<Refusal> {
    if !to_move.is_empty() {
        let (row, parsed) = to_move.swap_remove(0);
        let error = parsed
            .err()
            .ok_or(corrupt("no error for an illegal move"))?;
        return Ok(GameRefusal::IllegalMove {
            game: row.id,
            variant: row.variant,
            error,
        }
        .into());
    }
    if any_here {
        return Ok(GameRefusal::NotYourTurnAnywhere.into());
    }
    // someone trying to move in other people's game
    Ok(
        match store::active_games_in_chat(ctx.c, ctx.chat.id)?.first() {
            Some(other) => AccessRefusal::NotAPlayer { game: other.id }.into(),
            None => GameRefusal::NoActiveGame.into(),
        },
    )
}

/// A move button: the `index`-th legal move of `game` at `ply`.
pub(crate) fn move_button(ctx: &mut Ctx, game: GameId, ply: Ply, index: u16) -> Res<()> {
    let (row, moves, facts) = game_with_moves_by_id(ctx, game)?;
    ctx.gate(&row, Need::Move { ply: Some(ply) })?;
    let mv = sorted_moves(&position_of(ctx.c, &row)?)
        .get(usize::from(index))
        .copied()
        .ok_or(AccessRefusal::ButtonStale)?;
    let loaded = replay(row, &moves)?;
    play_with(ctx, loaded, mv, Some(&facts))
}

/// The move picker, in the place of the pressed message: one piece's
/// moves with a back button (the player to move), or — back — the
/// board's own buttons and turn line again (a player: also the way back
/// from the resign confirmation).
pub(crate) fn picker(ctx: &mut Ctx, game: GameId, ply: Ply, square: Option<u8>) -> Res<()> {
    let row = game_by_id(ctx, game)?;
    match square {
        Some(_) => ctx.gate(&row, Need::Move { ply: Some(ply) })?,
        None => {
            ctx.gate(&row, Need::Play)?;
            if row.ply != ply {
                return Err(AccessRefusal::ButtonStale.into());
            }
            None
        }
    };
    let piece = match square {
        Some(s) => {
            Some(variants::square_of_code(row.variant, s).ok_or(InputRefusal::ButtonInvalid)?)
        }
        None => None,
    };
    let loaded = load(ctx.c, row)?;
    let mut d = match piece {
        Some(s) => {
            let square = variants::square_name(loaded.row.variant, s);
            let text = ctx.t("choose-target", Some(&args![("square", square)]));
            let back = ctx.t("button-back", None);
            let mut d = Draft::text(ctx.private(), text);
            d.choices = move_choices(loaded.row.id, loaded.row.ply, &loaded.game, piece, &back);
            d
        }
        None => {
            let mut d = Draft::text(ctx.private(), ctx.turn_text(&loaded)?);
            (d.menus, d.choices) = ctx.board_controls(&loaded)?;
            d
        }
    };
    d.game_id = Some(loaded.row.id);
    d.in_place = true;
    ctx.post(d);
    Ok(())
}

/// Play `mv` (the gate has passed: the actor's turn), record it once,
/// and announce the new board or the end of the game.
pub(crate) fn play(ctx: &mut Ctx, l: Loaded, mv: AnyMove) -> Res<()> {
    play_with(ctx, l, mv, None)
}

/// [`play`], with the game's facts when they were read with it (the
/// players' leave, whether there are conditional lines: not read again;
/// `None`: read when needed). They hold for the reply a conditional line
/// plays at once too: no leave changes and no line is added before it.
pub(crate) fn play_with(
    ctx: &mut Ctx,
    l: Loaded,
    mv: AnyMove,
    facts: Option<&GameFacts>,
) -> Res<()> {
    play_turn(ctx, l, mv, facts, false).map(|_| ())
}

/// Play `mv` and record it. In a game whose turn is two sub-moves
/// (Vigman's) the turn — the clock, the notices, the AI's job — passes
/// to the opponent only after the second; the headline and the turn
/// note write the turn so far (`c3-d4 b2-a3`). `quiet`: a first
/// sub-move with its second to come in the same message: recorded, the
/// game returned, nothing announced (a sub-move that ends the game, or
/// a move that passes the turn, is announced all the same).
fn play_turn(
    ctx: &mut Ctx,
    l: Loaded,
    mv: AnyMove,
    facts: Option<&GameFacts>,
    quiet: bool,
) -> Res<Option<Loaded>> {
    let Loaded { row, mut game } = l;
    let mover_color = game.side_to_move();
    let mover = row.seat(mover_color);
    // written before it is played: as its turn writes it
    let stored = variants::stored_move(&game, &mv);
    let mut written_as = game.format_move(&mv);
    // the second sub-move of a turn: the turn written whole
    if variants::sub_move_due(&game) == Some(true) {
        if let Some((_, first)) = variants::last_move(&game) {
            written_as = format!("{} {written_as}", game.format_move(&first));
        }
    }
    let outcome = game
        .play(&mv)
        .map_err(|e| corrupt(format!("checked move refused: {e}")))?;
    // whose turn it is now: the position's side to move (the mover's
    // still after the first sub-move of a turn of two)
    let passes = game.side_to_move() != mover_color;
    let next_seat = row.seat(game.side_to_move());
    let clock = clock_after_move(ctx, &row, facts, mover_color, outcome.is_some(), passes)?;
    let Some(row) = store::play_move(
        ctx.c,
        row.id,
        row.ply,
        &stored,
        &variants::stored_fen(&game),
        mover.user_id(),
        &clock,
        ctx.now,
    )?
    else {
        // another move reached the game first
        return Err(AccessRefusal::ButtonStale.into());
    };
    ctx.moves += 1;
    let a = args![
        ("player", ctx.seat_name(mover)?),
        ("move", written_as.clone()),
        ("game", row.id)
    ];
    let headline = ctx.t("move-played", Some(&a));
    let loaded = Loaded { row, game };
    match outcome {
        Some(o) => finish(ctx, loaded, o, headline).map(|()| None),
        None if quiet && !passes => Ok(Some(loaded)),
        None => {
            // the player to move may have prepared their reply
            if let Some((reply, rest)) = conditional_reply(ctx, &loaded, facts, next_seat, &stored)?
            {
                let game_id = loaded.row.id;
                ctx.say_text(headline);
                play_with(ctx, loaded, reply, facts)?;
                if let (Seat::Human(owner), Some(row)) = (
                    next_seat,
                    store::game(ctx.c, game_id)?.filter(|r| r.is_active()),
                ) {
                    keep_conditional_rest(ctx, game_id, owner, row.ply, &rest)?;
                }
                return Ok(None);
            }
            let mut d = ctx.board_draft(&loaded, headline)?;
            if passes {
                let a = args![
                    ("move", written_as.clone()),
                    ("player", ctx.call_name(next_seat)?)
                ];
                d.turn_note = Some(ctx.t("turn-note", Some(&a)));
            } else {
                // the mover's turn goes on: nobody to call
                d.mentions.clear();
                let a = args![
                    ("move", written_as.clone()),
                    ("player", ctx.seat_name(mover)?)
                ];
                d.turn_note = Some(ctx.t("turn-note-second", Some(&a)));
            }
            ctx.post(d);
            if passes {
                // the player to move may want to hear it privately
                let played = written_as;
                ctx.notify(&loaded.row, next_seat, Notice::Moved, |cat, c, lang| {
                    let name = crate::core::present::text::seat_name(cat, c, mover, lang)?;
                    Ok(args![("opponent", name), ("move", played)])
                })?;
            }
            // the AI to move: its move, or its second sub-move
            if let Seat::Ai(_) = next_seat {
                ctx.jobs.push(Job::AiMove {
                    game: loaded.row.id,
                    ply: loaded.row.ply,
                });
            }
            Ok(None)
        }
    }
}

/// End a game: store the result, update ratings, announce with the final
/// board and the PDN.
pub(crate) fn finish(ctx: &mut Ctx, l: Loaded, o: GameOutcome, headline: String) -> Res<()> {
    let result = GameResult::of_winner(o.winner());
    finish_with(ctx, l, result, Termination::of(&o), headline)
}

/// End a game with `result` (ended by `how`): store it, update the
/// ratings (games between people, unless casual or of a casual
/// tournament),
/// announce with the final board and the PDN, and tell its tournament
/// — all in this transaction.
pub(crate) fn finish_with(
    ctx: &mut Ctx,
    l: Loaded,
    result: GameResult,
    how: Termination,
    headline: String,
) -> Res<()> {
    if !store::finish_game(ctx.c, l.row.id, result, how, ctx.now)? {
        return Err(AccessRefusal::GameOver { game: l.row.id }.into());
    }
    if let (Seat::Human(w), Seat::Human(b)) = (l.row.white, l.row.black) {
        if !l.row.casual && store::game_is_rated(ctx.c, l.row.id)? {
            let variant = l.game.variant();
            ratings::record_game(ctx.c, l.row.chat_id, variant, w, b, result.winner())?;
        }
    }
    let row = store::game(ctx.c, l.row.id)?.ok_or(corrupt("a game vanished"))?;
    let result_text = ctx.result_text(&row, result, how)?;
    let loaded = Loaded { row, game: l.game };
    let mut d = ctx.board_draft(&loaded, format!("{headline}\n{result_text}"))?;
    d.turn_note = Some(result_text);
    d.document = Some((
        format!("game-{}.pdn", loaded.row.id),
        pdn_text(ctx, &loaded)?,
    ));
    for seat in [loaded.row.white, loaded.row.black] {
        d.mentions.extend(ctx.mention(seat)?);
    }
    ctx.post(d);
    tournaments::tournament_game_finished(ctx, loaded.row.id)
}

/// The resign button asks first, in the place of the pressed message: "yes"
/// (for the presser's colour alone) and back to the board's buttons.
pub(crate) fn resign_question(ctx: &Ctx, row: &GameRow, by: Color) -> Draft {
    let text = ctx.t("resign-confirm", Some(&args![("game", row.id)]));
    let mut d = Draft::text(ctx.private(), text);
    let by = match by {
        Color::White => 0,
        Color::Black => 1,
    };
    d.choices = vec![
        vec![Payload::ResignConfirm {
            game: row.id,
            by: Some(by),
        }
        .button(ctx.t("button-resign-yes", None))],
        vec![Payload::Pieces {
            game: row.id,
            ply: row.ply,
        }
        .button(ctx.t("button-back", None))],
    ];
    d.game_id = Some(row.id);
    d.in_place = true;
    d
}
