//! Button payloads: short, `:`-separated, validated when they come back.
//! A payload that refers to a game position carries its ply, so a button
//! pressed late (after the position changed) is refused, not misapplied.

use crate::store::{ChallengeId, GameId, Ply, PuzzleId, TournamentId};

/// What a button does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Payload {
    Accept {
        challenge: ChallengeId,
    },
    /// Accept a shared challenge of a group from elsewhere (a private chat
    /// the share link opened): `token` is the link's secret.
    AcceptShared {
        challenge: ChallengeId,
        token: i64,
    },
    Decline {
        challenge: ChallengeId,
    },
    /// Play the `index`-th legal move (sorted by notation) at `ply`.
    Move {
        game: GameId,
        ply: Ply,
        index: u16,
    },
    /// Show the moves of the piece on `square` (its PDN number on the
    /// game's board: 1–32 on 8×8, 1–40 on 10×8, 1–50 on 10×10) at `ply`.
    Piece {
        game: GameId,
        ply: Ply,
        square: u8,
    },
    /// Back to the list of pieces at `ply`.
    Pieces {
        game: GameId,
        ply: Ply,
    },
    Resign {
        game: GameId,
    },
    /// "Yes, resign", shown to the player who pressed resign (`by`: their
    /// colour, 0 white 1 black; `None` on buttons made before it was kept):
    /// the other player pressing it is refused.
    ResignConfirm {
        game: GameId,
        by: Option<u8>,
    },
    /// Offer a draw, or accept the opponent's offer.
    Draw {
        game: GameId,
    },
    DeclineDraw {
        game: GameId,
    },
    /// A hint for the presser's puzzle in this chat.
    PuzzleHint,
    /// Show the solution of the presser's puzzle (gives it up).
    PuzzleSolution,
    /// A new puzzle for the presser.
    PuzzleNext,
    /// The board of a game from the other side, for the presser alone
    /// (anyone may press it; it changes nothing).
    Flip {
        game: GameId,
    },
    /// A finished game again, colours swapped: a challenge to the opponent,
    /// or a new game at once against the AI.
    Rematch {
        game: GameId,
    },
    /// The engine's analysis of a finished game (`/analyse`).
    Analyse {
        game: GameId,
    },
    /// A finished game as an animated replay (`/replay`).
    Replay {
        game: GameId,
    },
    /// Agree to the opponent's takeback request in a casual game, asked
    /// at `ply` (lapsed once the game has moved on).
    TakebackAccept {
        game: GameId,
        ply: Ply,
    },
    /// Refuse the opponent's takeback request asked at `ply`.
    TakebackDecline {
        game: GameId,
        ply: Ply,
    },
    /// "Open board": the presser's own signed link to the game's web page,
    /// for them alone.
    Web {
        game: GameId,
    },
    /// "Open board" under a puzzle: the presser's own signed link to their
    /// go at it on the web board, for them alone.
    WebPuzzle {
        puzzle: PuzzleId,
    },
    /// "Open board" under a tournament's standings: the presser's own
    /// signed link to its page.
    WebTournament {
        tournament: TournamentId,
    },
    /// The web board's answer to a puzzle: the `index`-th legal move after
    /// the first `step` moves of the presser's go at it here (refused once
    /// the go has moved on). The same button is everyone's under a shared
    /// question (a group's daily post): it names no go's state beyond the
    /// step. A fifth number (`pm:P:S:I:W`, on buttons of a build that
    /// drew them with the go's wrong tries) is read and ignored.
    PuzzleMove {
        puzzle: PuzzleId,
        step: u16,
        index: u16,
    },
    /// A piece under a puzzle's question in the chat (a board with more
    /// than 8 moves): its moves, as [`Payload::PuzzleMove`] buttons, after
    /// the first `step` moves of the presser's go; `square` is its number
    /// on the puzzle's board (1–50 on 10×10).
    PuzzlePiece {
        puzzle: PuzzleId,
        step: u16,
        square: u8,
    },
    /// The web board's hint for that puzzle.
    PuzzleHintOf {
        puzzle: PuzzleId,
    },
    /// The web board's surrender of that puzzle (its solution).
    PuzzleGiveUp {
        puzzle: PuzzleId,
    },
}

impl Payload {
    /// A button labelled `label` that sends this payload.
    pub fn button(&self, label: impl Into<String>) -> crate::core::types::Choice {
        crate::core::types::Choice {
            label: label.into(),
            payload: self.encode(),
            kind: self.kind(),
        }
    }

    /// What the button does, in the adapters' terms.
    pub fn kind(&self) -> crate::core::types::ChoiceKind {
        use crate::core::types::ChoiceKind as K;
        match self {
            Payload::Move { .. }
            | Payload::Piece { .. }
            | Payload::PuzzleMove { .. }
            | Payload::PuzzlePiece { .. } => K::Move,
            Payload::Accept { .. }
            | Payload::AcceptShared { .. }
            | Payload::TakebackAccept { .. } => K::Positive,
            Payload::Decline { .. }
            | Payload::Resign { .. }
            | Payload::ResignConfirm { .. }
            | Payload::DeclineDraw { .. }
            | Payload::TakebackDecline { .. } => K::Negative,
            Payload::Rematch { .. } => K::Positive,
            // back to the board's buttons (from a piece or the confirmation)
            Payload::Pieces { .. }
            | Payload::Draw { .. }
            | Payload::Flip { .. }
            | Payload::Analyse { .. }
            | Payload::Replay { .. }
            | Payload::Web { .. }
            | Payload::WebPuzzle { .. }
            | Payload::WebTournament { .. }
            | Payload::PuzzleHintOf { .. }
            | Payload::PuzzleGiveUp { .. }
            | Payload::PuzzleHint
            | Payload::PuzzleSolution
            | Payload::PuzzleNext => K::Neutral,
        }
    }

    /// Whether the message this button is under stays a prompt after a
    /// press that did something (its buttons kept): a puzzle's question —
    /// its moves and pieces, hint, solution, "Open board" — is shared (a
    /// group's daily post, anyone's question in a group) while each
    /// presser's go is their own, so one member's answer does not use it
    /// up for the others. Every other prompt is used up by its press.
    pub fn keeps_prompt(&self) -> bool {
        matches!(
            self,
            Payload::PuzzleMove { .. }
                | Payload::PuzzlePiece { .. }
                | Payload::PuzzleHint
                | Payload::PuzzleSolution
                | Payload::WebPuzzle { .. }
        )
    }

    pub fn encode(&self) -> String {
        match *self {
            Payload::Accept { challenge } => format!("a:{challenge}"),
            Payload::AcceptShared { challenge, token } => format!("A:{challenge}:{token}"),
            Payload::Decline { challenge } => format!("d:{challenge}"),
            Payload::Move { game, ply, index } => format!("m:{game}:{ply}:{index}"),
            Payload::Piece { game, ply, square } => format!("p:{game}:{ply}:{square}"),
            Payload::Pieces { game, ply } => format!("b:{game}:{ply}"),
            Payload::Resign { game } => format!("r:{game}"),
            Payload::ResignConfirm { game, by: None } => format!("R:{game}"),
            Payload::ResignConfirm { game, by: Some(by) } => format!("R:{game}:{by}"),
            Payload::Draw { game } => format!("o:{game}"),
            Payload::DeclineDraw { game } => format!("x:{game}"),
            Payload::PuzzleHint => "ph".into(),
            Payload::PuzzleSolution => "ps".into(),
            Payload::PuzzleNext => "pn".into(),
            Payload::Flip { game } => format!("f:{game}"),
            Payload::Rematch { game } => format!("rm:{game}"),
            Payload::Analyse { game } => format!("an:{game}"),
            Payload::Replay { game } => format!("rp:{game}"),
            Payload::TakebackAccept { game, ply } => format!("ta:{game}:{ply}"),
            Payload::TakebackDecline { game, ply } => format!("td:{game}:{ply}"),
            Payload::Web { game } => format!("w:{game}"),
            Payload::WebPuzzle { puzzle } => format!("wp:{puzzle}"),
            Payload::WebTournament { tournament } => format!("wt:{tournament}"),
            Payload::PuzzleMove {
                puzzle,
                step,
                index,
            } => format!("pm:{puzzle}:{step}:{index}"),
            Payload::PuzzlePiece {
                puzzle,
                step,
                square,
            } => format!("pp:{puzzle}:{step}:{square}"),
            Payload::PuzzleHintOf { puzzle } => format!("pH:{puzzle}"),
            Payload::PuzzleGiveUp { puzzle } => format!("pS:{puzzle}"),
        }
    }

    /// Parse a payload; anything malformed is `None`.
    pub fn decode(s: &str) -> Option<Payload> {
        if s.len() > 64 {
            return None;
        }
        let mut parts = s.split(':');
        let tag = parts.next()?;
        let nums: Vec<i64> = parts
            .map(|p| {
                if p.is_empty() || p.len() > 12 || !p.bytes().all(|b| b.is_ascii_digit()) {
                    None
                } else {
                    p.parse().ok()
                }
            })
            .collect::<Option<Vec<_>>>()?;
        let p = match (tag, nums.as_slice()) {
            ("a", [c]) => Payload::Accept {
                challenge: ChallengeId(*c),
            },
            ("A", [c, t]) => Payload::AcceptShared {
                challenge: ChallengeId(*c),
                token: *t,
            },
            ("d", [c]) => Payload::Decline {
                challenge: ChallengeId(*c),
            },
            ("m", [g, p, i]) => Payload::Move {
                game: GameId(*g),
                ply: Ply(*p),
                index: u16::try_from(*i).ok()?,
            },
            ("p", [g, p, s]) if (1..=50).contains(s) => Payload::Piece {
                game: GameId(*g),
                ply: Ply(*p),
                square: *s as u8,
            },
            ("b", [g, p]) => Payload::Pieces {
                game: GameId(*g),
                ply: Ply(*p),
            },
            ("r", [g]) => Payload::Resign { game: GameId(*g) },
            ("R", [g]) => Payload::ResignConfirm {
                game: GameId(*g),
                by: None,
            },
            ("R", [g, c]) if (0..=1).contains(c) => Payload::ResignConfirm {
                game: GameId(*g),
                by: Some(*c as u8),
            },
            ("f", [g]) => Payload::Flip { game: GameId(*g) },
            ("rm", [g]) => Payload::Rematch { game: GameId(*g) },
            ("an", [g]) => Payload::Analyse { game: GameId(*g) },
            ("rp", [g]) => Payload::Replay { game: GameId(*g) },
            ("ta", [g, p]) => Payload::TakebackAccept {
                game: GameId(*g),
                ply: Ply(*p),
            },
            ("td", [g, p]) => Payload::TakebackDecline {
                game: GameId(*g),
                ply: Ply(*p),
            },
            ("w", [g]) => Payload::Web { game: GameId(*g) },
            ("wp", [p]) => Payload::WebPuzzle {
                puzzle: PuzzleId(*p),
            },
            ("wt", [t]) => Payload::WebTournament {
                tournament: TournamentId(*t),
            },
            // a fifth number (the go's wrong tries, drawn by an earlier
            // build) is ignored
            ("pm", [p, s, i] | [p, s, i, _]) => Payload::PuzzleMove {
                puzzle: PuzzleId(*p),
                step: u16::try_from(*s).ok()?,
                index: u16::try_from(*i).ok()?,
            },
            ("pp", [p, s, q]) if (1..=50).contains(q) => Payload::PuzzlePiece {
                puzzle: PuzzleId(*p),
                step: u16::try_from(*s).ok()?,
                square: *q as u8,
            },
            ("pH", [p]) => Payload::PuzzleHintOf {
                puzzle: PuzzleId(*p),
            },
            ("pS", [p]) => Payload::PuzzleGiveUp {
                puzzle: PuzzleId(*p),
            },
            ("o", [g]) => Payload::Draw { game: GameId(*g) },
            ("x", [g]) => Payload::DeclineDraw { game: GameId(*g) },
            ("ph", []) => Payload::PuzzleHint,
            ("ps", []) => Payload::PuzzleSolution,
            ("pn", []) => Payload::PuzzleNext,
            _ => return None,
        };
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_rejects() {
        let all = [
            Payload::Accept {
                challenge: ChallengeId(7),
            },
            Payload::AcceptShared {
                challenge: ChallengeId(7),
                token: 999_999_999_999,
            },
            Payload::Decline {
                challenge: ChallengeId(7),
            },
            Payload::Move {
                game: GameId(123456789),
                ply: Ply(140),
                index: 3,
            },
            Payload::Piece {
                game: GameId(1),
                ply: Ply(2),
                square: 32,
            },
            // a square of the 10×10 board
            Payload::Piece {
                game: GameId(1),
                ply: Ply(2),
                square: 50,
            },
            Payload::Pieces {
                game: GameId(1),
                ply: Ply(2),
            },
            Payload::Resign { game: GameId(9) },
            Payload::ResignConfirm {
                game: GameId(9),
                by: None,
            },
            Payload::ResignConfirm {
                game: GameId(9),
                by: Some(1),
            },
            Payload::Draw { game: GameId(9) },
            Payload::Flip { game: GameId(9) },
            Payload::Rematch { game: GameId(9) },
            Payload::Analyse { game: GameId(9) },
            Payload::Replay { game: GameId(9) },
            Payload::Web { game: GameId(9) },
            Payload::WebPuzzle {
                puzzle: PuzzleId(7),
            },
            Payload::WebTournament {
                tournament: TournamentId(4),
            },
            Payload::PuzzleMove {
                puzzle: PuzzleId(123456789012),
                step: 6,
                index: 65535,
            },
            Payload::PuzzleHintOf {
                puzzle: PuzzleId(7),
            },
            Payload::PuzzlePiece {
                puzzle: PuzzleId(10_001),
                step: 2,
                square: 50,
            },
            Payload::PuzzleGiveUp {
                puzzle: PuzzleId(7),
            },
            Payload::DeclineDraw { game: GameId(9) },
            Payload::TakebackAccept {
                game: GameId(9),
                ply: Ply(14),
            },
            Payload::TakebackDecline {
                game: GameId(123456789012),
                ply: Ply(0),
            },
        ];
        for p in all {
            let e = p.encode();
            assert!(e.len() <= 64);
            assert_eq!(Payload::decode(&e), Some(p), "{e}");
        }
        for bad in [
            "",
            "m",
            "m:1:2",
            "m:1:2:x",
            "m:-1:2:3",
            "p:1:2:51",
            "p:1:2:0",
            "z:1",
            "a:1:2",
            "m:1:2:99999999",
            "R:1:2",
            "f:",
            "rm:1:2",
            "ta:1",
            "ta:1:2:3",
            "td:",
            "td:1:-2",
            "ta:x:1",
            "a:",
            "A:1",
            "A:1:",
            "A:1:1234567890123",
            "pm:1:2",
            "pm:1:70000:0",
            "pm:1:2:3:",
            "pm:1:2:3:-1",
            "pm:1:2:3:4:5",
            "pp:1:2:51",
            "pp:1:2:0",
            "pp:1:2",
            "pH:",
            "wp:1:2",
            "wt:x",
            &"a:1".repeat(30),
        ] {
            assert_eq!(Payload::decode(bad), None, "{bad}");
        }
    }

    /// A puzzle's move button: three numbers; a button drawn with the
    /// go's wrong tries as a fifth number (an earlier build's) still
    /// decodes, the number ignored: the same move at the same step.
    #[test]
    fn a_puzzle_move_button_with_or_without_a_count() {
        let move_3 = Payload::PuzzleMove {
            puzzle: PuzzleId(10001),
            step: 2,
            index: 3,
        };
        assert_eq!(Payload::decode("pm:10001:2:3"), Some(move_3));
        assert_eq!(Payload::decode("pm:10001:2:3:1"), Some(move_3));
        assert_eq!(Payload::decode("pm:10001:2:3:999"), Some(move_3));
        assert_eq!(move_3.encode(), "pm:10001:2:3");
    }
}
