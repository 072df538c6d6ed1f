-- Schema v20: what an analysis found for each ply besides its mark — the
-- engine's move and how much the move played gave away — so the summary
-- can name each side's worst mistake and the better move. Analyses made
-- before this have NULL in both (their summary names none).
ALTER TABLE analyses ADD COLUMN best_moves TEXT;  -- each ply's engine move, in the variant's notation, comma-separated
ALTER TABLE analyses ADD COLUMN losses TEXT;      -- centi-men each ply gave away (0 for the best move), comma-separated
