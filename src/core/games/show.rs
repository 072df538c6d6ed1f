//! Showing games: `/board`, `/games`, `/pdn`, `/replay`; and any position
//! (`/position FEN`).

use super::GameRefusal;
use super::Loaded;
use crate::args;
use crate::core::access::Need;
use crate::core::ctx::Ctx;
use crate::core::error::Res;
use crate::core::games::challenge::chat_variant;
use crate::core::games::game_by_id;
use crate::core::games::load;
use crate::core::games::shown_game;
use crate::core::i18n::Lang;
use crate::core::input::args::PositionArgs;
use crate::core::input::payload::Payload;
use crate::core::picture::{FramePicture, Marks, Pos, ReplayPicture};
use crate::core::present::buttons::all_move_choices;
use crate::core::present::text::{color_key, seat_name};
use crate::core::present::Draft;
use crate::core::time::pdn_date;
use crate::core::tournaments;
use crate::core::types::{BoardMode, Image, Picture};
use crate::render::frames_from_replay_in;
use crate::store::GameId;
use crate::store::{self, Termination};
use shashki_engine::{AnyGame, AnyPosition};

pub(crate) fn cmd_board(ctx: &mut Ctx, game: Option<GameId>) -> Res<()> {
    let row = shown_game(ctx, game)?;
    let mine = ctx.gate(&row, Need::See)?;
    let l = load(ctx.c, row)?;
    let headline = ctx.t("board-headline", Some(&args![("game", l.row.id)]));
    let mut d = ctx.board_draft(&l, headline)?;
    if mine.is_none() {
        // spectators get no buttons but flip, and for a finished game
        // its analysis and replay (anyone here may see those)
        let id = l.row.id;
        let mut row = Vec::new();
        if !l.row.is_active() {
            // as the players' board: analysis and replay in every variant
            row.push(Payload::Analyse { game: id }.button(ctx.t("button-analyse", None)));
            row.push(Payload::Replay { game: id }.button(ctx.t("button-replay", None)));
        }
        row.push(Payload::Flip { game: id }.button(ctx.t("button-flip", None)));
        d.choices = vec![row];
        // a game going on: a picture for them, not the game's living
        // board (a spectator's /board must not take the players' move
        // buttons off)
        if l.row.is_active() {
            d.game_id = None;
        }
    }
    // asked for: a board down here, which becomes the living one
    d.board_mode = Some(BoardMode::New);
    ctx.post(d);
    Ok(())
}

/// The flip button: the board from the other side, for the presser
/// alone (anyone who may see the game; it changes nothing).
pub(crate) fn flip(ctx: &mut Ctx, game: GameId) -> Res<()> {
    let row = game_by_id(ctx, game)?;
    ctx.gate(&row, Need::See)?;
    let l = load(ctx.c, row)?;
    let mut view = ctx.game_board(&l)?;
    view.flip = !view.flip;
    view.name = format!("{}-flipped", l.row.id);
    let mut d = Draft::text(ctx.private(), view.caption.clone());
    d.board = Some(view);
    ctx.post(d);
    Ok(())
}

pub(crate) fn cmd_games(ctx: &mut Ctx) -> Res<()> {
    let me = ctx.user_id()?;
    let games = store::active_games_of(ctx.c, me)?;
    if games.is_empty() {
        ctx.tell_id("games-none", None);
        return Ok(());
    }
    let mut lines = vec![ctx.t("games-header", None)];
    for row in &games {
        let Some(color) = row.color_of(me) else {
            continue;
        };
        let turn = if row.side_to_move() == Some(color) {
            "yes"
        } else {
            "no"
        };
        let left = row
            .deadline
            .map(|d| ctx.duration_text(d - ctx.now))
            .unwrap_or_else(|| ctx.t("no-deadline", None));
        let a = args![
            ("game", row.id),
            ("opponent", ctx.seat_name(row.seat(color.opposite()))?),
            ("color", color_key(color)),
            ("my_turn", turn),
            ("left", left)
        ];
        let mut line = ctx.t("games-line", Some(&a));
        if row.chat_id != ctx.chat.id {
            let title = store::chat(ctx.c, row.chat_id)?
                .and_then(|c| c.title)
                .unwrap_or_else(|| "?".into());
            line.push(' ');
            line.push_str(&ctx.t("games-in-chat", Some(&args![("chat", title)])));
        }
        lines.push(line);
    }
    ctx.tell(lines.join("\n"));
    Ok(())
}

pub(crate) fn cmd_pdn(ctx: &mut Ctx, game: Option<GameId>) -> Res<()> {
    let row = shown_game(ctx, game)?;
    ctx.gate(&row, Need::See)?;
    let l = load(ctx.c, row)?;
    let pdn = pdn_text(ctx, &l)?;
    let mut d = Draft::text(ctx.here(), pdn.clone());
    d.document = Some((format!("game-{}.pdn", l.row.id), pdn));
    d.game_id = Some(l.row.id);
    ctx.post(d);
    Ok(())
}

/// A game in PDN, with its result even when it came by resignation,
/// time or agreement (those are not in the moves).
pub(crate) fn pdn_text(ctx: &Ctx, l: &Loaded) -> Res<String> {
    let (c, row) = (ctx.c, &l.row);
    let site = store::chat(c, row.chat_id)?
        .and_then(|c| c.title)
        .unwrap_or_default();
    let white = seat_name(ctx.catalog(), c, row.white, Lang::En)?;
    let black = seat_name(ctx.catalog(), c, row.black, Lang::En)?;
    let date = pdn_date(row.created_at);
    let mut game = l.game.clone();
    let (event, round, extra) = match tournaments::tournament_pdn_tags(c, row.id)? {
        Some((mut extra, number)) => {
            if let AnyGame::Eight(e) = &mut game {
                e.set_start_move_number(number);
            }
            let take = |extra: &mut Vec<(&str, String)>, key: &str| {
                let i = extra.iter().position(|(k, _)| *k == key);
                i.map(|i| extra.remove(i).1).unwrap_or_default()
            };
            let event = take(&mut extra, "Event");
            let round = take(&mut extra, "Round");
            (event, round, extra)
        }
        None => (
            if row.casual {
                "shashki casual correspondence game"
            } else {
                "shashki correspondence game"
            }
            .to_string(),
            row.id.to_string(),
            Vec::new(),
        ),
    };
    let mut tags = vec![
        ("Event", event.as_str()),
        ("Site", site.as_str()),
        ("Date", date.as_str()),
        ("Round", round.as_str()),
        ("White", white.as_str()),
        ("Black", black.as_str()),
    ];
    tags.extend(extra.iter().map(|(k, v)| (*k, v.as_str())));
    if game.outcome().is_none() {
        if let (Some(result), Some(how)) = (row.result, row.result_reason) {
            // the game is rebuilt to carry its stored result; a refusal
            // here would only mean the moves already ended it
            let _ = match result.winner() {
                None => game.agree_draw(),
                Some(w) if how == Termination::Timeout => game.time_out(w.opposite()),
                Some(w) => game.resign(w.opposite()),
            };
        }
    }
    // GameType and the variant's own notation (International: 20, `32-28`)
    Ok(game.to_pdn(&tags))
}

/// The active games of the chat where it is the acting person's move,
/// with their legal moves as buttons (Discord's autocomplete of `/move`,
/// through [`crate::core::input::commands::move_suggestions`]).
pub(crate) fn moves_to_play(ctx: &Ctx) -> Res<Vec<(GameId, Vec<crate::core::Choice>)>> {
    let uid = ctx.user.id;
    let mut out = Vec::new();
    for row in store::active_games_of_in(ctx.c, uid, ctx.chat.id)? {
        let Some(color) = row.color_of(uid) else {
            continue;
        };
        if row.side_to_move() == Some(color) {
            let g = super::position_of(ctx.c, &row)?;
            let moves = all_move_choices(row.id, row.ply, &g);
            if !moves.is_empty() {
                out.push((row.id, moves));
            }
        }
    }
    Ok(out)
}

/// The largest replay a chat is sent: well under Discord's 10 MB upload
/// (Telegram takes 50 MB); a bigger one is drawn again smaller.
const REPLAY_BYTES_MAX: usize = 8 << 20;

/// Plies past which a replay is drawn smaller and played faster.
const LONG_GAME_PLIES: usize = 80;

/// `/replay [#game]`: the game as an animated GIF, one frame a ply with
/// the move written under the board; a long game is drawn smaller and
/// played faster so the file stays small.
pub(crate) fn cmd_replay(ctx: &mut Ctx, game: Option<GameId>) -> Res<()> {
    let row = shown_game(ctx, game)?;
    ctx.gate(&row, Need::See)?;
    let l = load(ctx.c, row)?;
    let view = ctx.game_board(&l)?;
    let g = &l.game;
    let (frames, plies) = match g {
        AnyGame::Eight(e) => {
            let plies: Vec<_> = e
                .positions()
                .iter()
                .copied()
                .zip(e.moves().iter().copied())
                .collect();
            let frames = frames_from_replay_in(e.variant(), e.start_position(), &plies);
            (ReplayPicture::of_frames(&frames), plies.len())
        }
        _ => (wide_frames(g), g.ply()),
    };
    let long = plies > LONG_GAME_PLIES;
    let size = if long {
        320
    } else {
        ctx.config().board_size.min(480)
    };
    let picture = Picture::Replay(ReplayPicture {
        frames,
        variant: g.variant().key().to_string(),
        flip: view.flip,
        theme: view.theme.name().to_string(),
        numbered: view.numbered,
        size,
        ply_ms: if long { 500 } else { 1000 },
        bytes_max: REPLAY_BYTES_MAX,
    });
    let image = Image::of(format!("game-{}.gif", l.row.id), picture);
    let result = match l.row.result {
        Some(r) => crate::core::present::text::result_score(l.row.variant, r),
        None => "*".into(),
    };
    let a = args![
        ("game", l.row.id),
        ("white", ctx.seat_name(l.row.white)?),
        ("black", ctx.seat_name(l.row.black)?),
        ("plies", plies as i64),
        ("result", result),
    ];
    let mut d = Draft::text(ctx.here(), ctx.t("replay-caption", Some(&a)));
    d.image = Some(image);
    ctx.post(d);
    Ok(())
}

/// The frames of a replay on a board other than 8×8, of Bashni's towers
/// (each frame with its towers' FEN) or of Vigman's double game (each
/// frame with its FEN, one a sub-move): the start, then each move with its
/// number and its text as the variant writes it (`1. 32-28`, `1… 19-23`;
/// a Vigman turn's second sub-move with its first: `1. c3-d4 b3-a4`).
fn wide_frames(g: &AnyGame) -> Vec<FramePicture> {
    let Ok(mut replay) = g.variant().game_from_fen(&g.start_fen()) else {
        return Vec::new();
    };
    let Some(start) = frame_of(&replay.position()) else {
        return Vec::new();
    };
    let mut frames = vec![FramePicture {
        caption: Some(String::new()),
        ..start
    }];
    // numbering starts at 1 with whoever moves first; a number is a turn
    // of each side (Vigman's turn: two sub-moves, the second going on from
    // the first)
    let mut number = 1;
    let mut turn = String::new();
    for (i, mv) in g.moves().iter().enumerate() {
        let before = replay.position();
        let white = before.side_to_move() == shashki_engine::Color::White;
        let second = sub_move_due(&before);
        if i > 0 && white && !second {
            number += 1;
        }
        let text = replay.format_move(mv);
        turn = if second {
            format!("{turn} {text}")
        } else {
            text
        };
        let caption = if white {
            format!("{number}. {turn}")
        } else {
            format!("{number}… {turn}")
        };
        if replay.play(mv).is_err() {
            break;
        }
        let Some(frame) = frame_of(&replay.position()) else {
            break;
        };
        frames.push(FramePicture {
            last: Marks::of_any(&before, mv),
            caption: Some(caption),
            ..frame
        });
    }
    frames
}

/// Whether the position awaits the second sub-move of a turn (Vigman's).
fn sub_move_due(p: &AnyPosition) -> bool {
    matches!(p, AnyPosition::Vigman(v) if v.is_second_sub_move())
}

/// A replay frame of a position (no move, no caption yet): its bitboards,
/// or Bashni's towers or Vigman's board as their FEN.
fn frame_of(p: &AnyPosition) -> Option<FramePicture> {
    let black = p.side_to_move() == shashki_engine::Color::Black;
    let (pos, towers, vigman) = match p {
        AnyPosition::Towers(t) => (
            Pos(0, 0, 0, black),
            Some(shashki_engine::towers::to_tower_fen(t)),
            None,
        ),
        AnyPosition::Vigman(v) => (Pos(0, 0, 0, black), None, Some(v.to_fen())),
        p => (Pos::of_any(p)?, None, None),
    };
    Some(FramePicture {
        pos,
        last: None,
        caption: None,
        towers,
        vigman,
    })
}

/// `/position [variant] FEN`: any position drawn, with the side to move
/// and its number of moves under the variant's rules (the chat's
/// default variant when none is named; its square numbers in the FEN);
/// a FEN that is not a position is refused naming the problem.
pub(crate) fn cmd_position(ctx: &mut Ctx, a: PositionArgs) -> Res<()> {
    let variant = a.variant.unwrap_or_else(|| chat_variant(&ctx.chat));
    let fen = a.fen;
    let game = variant
        .game_from_fen(&fen)
        .map_err(|e| GameRefusal::BadFen {
            error: e.to_string(),
        })?;
    let pos = game.position();
    let moves = game.legal_moves().len() as i64;
    let side = pos.side_to_move();
    // what having no move means: a loss, or a win in giveaway games
    let stuck = if variant.stuck_player_wins() {
        "won"
    } else {
        "lost"
    };
    let a = args![
        ("color", color_key(side)),
        ("moves", moves),
        ("stuck", stuck),
        ("fen", game.fen()),
    ];
    let caption = ctx.t("position-caption", Some(&a));
    let board = ctx.board_any(
        pos,
        None,
        false,
        caption.clone(),
        "position".into(),
        variant,
    );
    let mut d = Draft::text(ctx.here(), caption);
    d.board = Some(board);
    ctx.post(d);
    Ok(())
}
