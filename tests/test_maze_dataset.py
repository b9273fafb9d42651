"""maze-dataset's formats: connection lists, solutions and AOTP token text.

Most of it runs without maze-dataset: round trips of meiro's mazes, malformed input,
and the fixtures in tests/fixtures/maze_dataset/, which maze-dataset itself made
(make_fixtures.py there). The tests at the end check against the real package and
skip where it is not installed.
"""

import json
import sys
import warnings
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

import meiro
from meiro.io.maze_dataset import (block_to_cell, cell_to_block, from_connection_list, from_maze_dataset,
                                from_tokens, path_from_solution, path_to_solution, to_connection_list,
                                to_maze_dataset, to_tokens)

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "maze_dataset"
NAMES = json.loads((FIXTURES / "index.json").read_text(encoding="utf-8"))["mazes"]
ALGORITHMS = [a.name for a in meiro.GENERATORS]
SIZES = [(1, 1), (1, 6), (5, 1), (2, 3), (7, 4), (9, 9)]


def _ends(m):
    return block_to_cell(m.start), block_to_cell(m.goal)


# -- meiro's mazes there and back -------------------------------------------------------------

@pytest.mark.parametrize("algorithm", ALGORITHMS)
@pytest.mark.parametrize("braid", [0.0, 0.6])
def test_connection_list_round_trip_for_every_generator(algorithm, braid):
    for number, (width, height) in enumerate(SIZES):
        m = meiro.generate(width, height, algorithm, seed=number, goal="farthest", braid=braid)
        cl = to_connection_list(m)
        assert cl.dtype == np.bool_ and cl.shape == (2, height, width)
        assert not cl[0, -1].any() and not cl[1, :, -1].any()  # nothing leaves the grid
        back = from_connection_list(cl, *_ends(m))
        assert back == m and back.seed is None
        # a perfect maze is a spanning tree: one passage fewer than cells; braiding adds loops
        cells = width * height
        assert (cl.sum() == cells - 1) if braid == 0 else (cl.sum() >= cells - 1)


def test_connection_list_convention_down_then_right():
    m = meiro.generate(6, 5, seed=11, braid=0.3)
    cl = to_connection_list(m)
    for i in range(m.height):
        for j in range(m.width):
            r, c = cell_to_block((i, j))
            if i + 1 < m.height:
                assert cl[0, i, j] == (not m.grid[r + 1, c])  # down: to (i + 1, j)
            if j + 1 < m.width:
                assert cl[1, i, j] == (not m.grid[r, c + 1])  # right: to (i, j + 1)


def test_connection_lists_of_zeros_and_ones_and_default_ends():
    cl = np.zeros((2, 2, 2), np.uint8)
    cl[0, 0, 0] = cl[1, 0, 0] = cl[1, 1, 0] = 1
    m = from_connection_list(cl)
    assert m.start == (1, 1) and m.goal == (3, 3) and meiro.solve(m).length == 4
    lonely = from_connection_list(np.zeros((2, 3, 3), bool), (1, 1), (1, 1))  # isolated cells stay open
    assert not lonely.grid[1::2, 1::2].any() and lonely.grid[2::2].all()


@pytest.mark.parametrize("algorithm", ["dig", "kruskal", "wilson", "division", "binary-tree"])
def test_paths_and_solutions_there_and_back(algorithm):
    for number, (width, height) in enumerate(SIZES):
        m = meiro.generate(width, height, algorithm, seed=number + 40, goal="farthest", braid=0.2)
        path = meiro.solve(m, "bfs").path
        solution = path_to_solution(path)
        assert solution.shape == (len(path) // 2 + 1, 2)
        assert tuple(solution[0]) == block_to_cell(m.start) and tuple(solution[-1]) == block_to_cell(m.goal)
        assert (np.abs(np.diff(solution, axis=0)).sum(axis=1) == 1).all()
        assert np.array_equal(path_from_solution(solution), path)


def test_cells_and_blocks():
    assert block_to_cell((1, 1)) == (0, 0) and block_to_cell(np.array([7, 3])) == (3, 1)
    assert cell_to_block((0, 0)) == (1, 1) and cell_to_block((3, 1)) == (7, 3)
    assert path_from_solution([(2, 2)]).tolist() == [[5, 5]]
    assert path_from_solution(np.zeros((0, 2), int)).shape == (0, 2)
    assert path_to_solution([]).shape == (0, 2)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_tokens_round_trip(algorithm):
    for number, (width, height) in enumerate(SIZES):
        m = meiro.generate(width, height, algorithm, seed=number + 7, goal="farthest", braid=0.25)
        path = meiro.solve(m, "bfs").path
        for text in (to_tokens(m, path), to_tokens(m, path, shuffle=number)):
            back, back_path = from_tokens(text, grid_shape=(height, width))
            assert back == m and np.array_equal(back_path, path)
        back, none = from_tokens(to_tokens(m))
        assert none is None
        if width * height > 1:  # a perfect or braided maze names every cell: the size is implied
            assert back == m


def test_tokens_shuffle_is_reproducible_and_sorts_back():
    m = meiro.generate(12, 9, "wilson", seed=5, braid=0.3)
    path = meiro.solve(m).path
    sorted_text = to_tokens(m, path)
    a, b = to_tokens(m, path, shuffle=1), to_tokens(m, path, shuffle=np.random.default_rng(1))
    assert a == b and a != to_tokens(m, path, shuffle=2) and a != sorted_text
    assert to_tokens(*from_tokens(a)) == sorted_text  # the documented normalisation
    edges = _edge_set(a)
    assert edges == _edge_set(sorted_text) and len(edges) == to_connection_list(m).sum()


def test_token_text_layout():
    m = from_connection_list(np.array([[[False, False]], [[True, False]]]), (0, 0), (0, 1))
    text = to_tokens(m, meiro.solve(m).path)
    assert text == ("<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> "
                    "<TARGET_START> (0,1) <TARGET_END> <PATH_START> (0,0) (0,1) <PATH_END>")
    padded = ["<PADDING>", "<PADDING>", *text.split(), "<PADDING>"]
    back, path = from_tokens(padded)
    assert back == m and path.tolist() == [[1, 1], [1, 2], [1, 3]]
    single = meiro.generate(1, 1, seed=0)
    assert to_tokens(single, meiro.solve(single).path) == (
        "<ADJLIST_START> <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> <TARGET_START> (0,0) "
        "<TARGET_END> <PATH_START> (0,0) <PATH_END>")
    assert from_tokens(to_tokens(single))[0] == single


def _edge_set(text):
    words = text.split()
    body = words[words.index("<ADJLIST_START>") + 1:words.index("<ADJLIST_END>")]
    return {frozenset((body[k], body[k + 2])) for k in range(0, len(body), 4)}


# -- the fixtures maze-dataset made -----------------------------------------------------------

def _fixture(name):
    record = json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))
    cl = np.load(FIXTURES / f"{name}.connection_list.npy", allow_pickle=False)
    return record, cl


def test_fixtures_are_all_there():
    assert len(NAMES) >= 6
    shapes = [tuple(_fixture(name)[0]["grid_shape"]) for name in NAMES]
    assert any(r == 1 for r, _ in shapes) and any(c == 1 for _, c in shapes)  # 1xN and Nx1
    assert any(r != c and min(r, c) > 1 for r, c in shapes)                    # not square
    loops = [cl.sum() > np.prod(cl.shape[1:]) - 1 for cl in (_fixture(n)[1] for n in NAMES)]
    assert any(loops)  # percolated: maze-dataset's connection lists may hold loops


@pytest.mark.parametrize("name", NAMES)
def test_fixture_reads_as_the_same_maze_and_path(name):
    record, cl = _fixture(name)
    rows, cols = record["grid_shape"]
    assert cl.shape == (2, rows, cols)
    m = from_connection_list(cl, record["start_pos"], record["end_pos"])
    # maze-dataset's own drawing (as_ascii: '#' = wall) is meiro's grid
    drawing = np.array([list(line) for line in record["ascii"].splitlines()])
    assert np.array_equal(drawing == "#", m.grid)
    assert np.array_equal(to_connection_list(m), cl)
    path = path_from_solution(record["solution"])
    assert np.array_equal(path_to_solution(path), record["solution"])
    assert tuple(path[0]) == m.start and tuple(path[-1]) == m.goal
    assert not m.grid[path[:, 0], path[:, 1]].any()  # through open blocks only
    # its solution is a shortest path: meiro's own is as long
    assert meiro.solve(m, "bfs").length == len(path) - 1
    solved = SimpleNamespace(connection_list=cl, start_pos=np.array(record["start_pos"]),
                             end_pos=np.array(record["end_pos"]), solution=np.array(record["solution"]))
    got, got_path = from_maze_dataset(solved)
    assert got == m and np.array_equal(got_path, path) and got.seed is None


@pytest.mark.parametrize("name", NAMES)
def test_fixture_token_text(name):
    record, cl = _fixture(name)
    m = from_connection_list(cl, record["start_pos"], record["end_pos"])
    path = path_from_solution(record["solution"])
    # byte for byte as maze-dataset's sorted tokenizer writes it
    assert to_tokens(m, path) == record["tokens_sorted"]
    assert to_tokens(m) == record["tokens_targeted"]
    shape = tuple(record["grid_shape"])
    for key in ("tokens_legacy", "tokens_modular", "tokens_sorted"):
        text = record[key]
        back, back_path = from_tokens(text, grid_shape=shape)
        assert back == m and np.array_equal(back_path, path), key
        # the shuffled texts are the sorted one in another order: the same tokens, edges as sets
        assert _edge_set(text) == _edge_set(record["tokens_sorted"])
        assert to_tokens(*from_tokens(text)) == record["tokens_sorted"]
        small, _ = from_tokens(text)  # without grid_shape: the smallest grid naming every cell
        assert small.height <= shape[0] and small.width <= shape[1]


# -- bad input -------------------------------------------------------------------------------

@pytest.mark.parametrize("value,message", [
    (np.zeros((3, 2, 2), bool), r"must have shape \(2, rows, cols\), got \(3, 2, 2\)"),
    (np.zeros((2, 4), bool), r"must have shape \(2, rows, cols\), got \(2, 4\)"),
    (np.zeros((2, 0, 3), bool), "at least one cell"),
    (np.zeros((2, 2, 2), float), "must hold booleans .* got float64"),
    (np.full((2, 2, 2), 2), "must hold booleans"),
    ([[[True], [False]], [[True]]], "must be a \\(2, rows, cols\\) array|must have shape"),
    (np.array([[[False, False], [True, False]], [[False] * 2] * 2]),
     r"opens cell \(1, 0\) down, out of the 2x2-cell grid"),
    (np.array([[[False, False]] * 2, [[False, False], [False, True]]]),
     r"opens cell \(1, 1\) to the right, out of the 2x2-cell grid"),
])
def test_bad_connection_lists(value, message):
    with pytest.raises(meiro.MazeError, match=message):
        from_connection_list(value)


def test_bad_ends_of_a_connection_list():
    cl = np.zeros((2, 2, 3), bool)
    with pytest.raises(meiro.MazeError, match=r"goal cell \(2, 0\) is outside the 2x3-cell grid"):
        from_connection_list(cl, (0, 0), (2, 0))
    with pytest.raises(meiro.MazeError, match="start must be a \\(row, col\\) pair"):
        from_connection_list(cl, "corner")


def test_mazes_that_are_not_lattices_are_refused():
    closed = np.ones((3, 5), bool)
    closed[1, 1] = False  # the second cell is a wall
    with pytest.raises(meiro.MazeError, match=r"cell block \(1, 3\) is a wall"):
        to_connection_list(meiro.Maze(closed, (1, 1), (1, 1)))
    room = meiro.Maze(np.pad(np.zeros((3, 3), bool), 1, constant_values=True))  # post (2, 2) open
    with pytest.raises(meiro.MazeError, match=r"post block \(2, 2\) is open"):
        to_connection_list(room)
    with pytest.raises(TypeError, match="expected a meiro Maze"):
        to_connection_list(np.ones((3, 3), bool))
    m = meiro.generate(2, 1, seed=0)
    slot = m.edited(goal=(1, 2))  # an end on the wall slot between two cells
    with pytest.raises(meiro.MazeError, match=r"goal \(1, 2\) is not a cell"):
        to_tokens(slot)


def test_bad_paths():
    m = meiro.generate(4, 3, seed=2)
    path = meiro.solve(m).path
    with pytest.raises(meiro.MazeError, match="must lead from the start"):
        to_tokens(m, path[::-1])
    with pytest.raises(meiro.MazeError, match="path is empty"):
        to_tokens(m, np.zeros((0, 2), int))
    with pytest.raises(meiro.MazeError, match="a path moves one block a step"):
        to_tokens(m, np.concatenate([path[:1], path[2:]]))
    with pytest.raises(meiro.MazeError, match=r"must be a \(k, 2\) array"):
        to_tokens(m, [[1.0, 1.0]])
    wall = m.edited(goal=(1, 3))
    assert wall.grid[1, 2]  # the slot between the first two cells is a wall in this maze
    with pytest.raises(meiro.MazeError, match=r"crosses the wall between cells \(0,0\) and \(0,1\)"):
        to_tokens(wall, [(1, 1), (1, 2), (1, 3)])
    with pytest.raises(meiro.MazeError, match="not a cell"):
        path_to_solution([(1, 1), (1, 2)])
    with pytest.raises(meiro.MazeError, match="not neighbours"):
        path_from_solution([(0, 0), (0, 0)])
    with pytest.raises(meiro.MazeError, match="not a cell"):
        block_to_cell((0, 1))


GOOD = ("<ADJLIST_START> (0,0) <--> (0,1) ; <ADJLIST_END> <ORIGIN_START> (0,0) <ORIGIN_END> "
        "<TARGET_START> (0,1) <TARGET_END> <PATH_START> (0,0) (0,1) <PATH_END>")


@pytest.mark.parametrize("text,message", [
    ("", r"token|end of the text: expected <ADJLIST_START> at the start, got nothing more"),
    ("(0,0) <--> (0,1) ;", r"token 1: expected <ADJLIST_START> at the start, got '\(0,0\)'"),
    (GOOD.replace("<-->", "--", 1), r"token 3: expected <--> between an edge's cells, got '--'"),
    (GOOD.replace("(0,1) ;", "(0;1) ;", 1), r"token 4: expected an edge's second cell like \(0,1\), got '\(0;1\)'"),
    (GOOD.replace(" ; <ADJ", " <ADJ", 1), r"token 5: expected ; after an edge, got '<ADJLIST_END>'"),
    (GOOD.replace("(0,1) ;", "(1,1) ;", 1), r"token 2: the edge \(0,0\) <--> \(1,1\) joins cells that are not neighbours"),
    ("<ADJLIST_START> (0,0) <--> (0,1) ;", "ends inside the adjacency list"),
    (GOOD.split(" <ORIGIN_START>")[0], r"the end of the text: expected <ORIGIN_START> \(the origin\)"),
    (GOOD.replace("<ORIGIN_START> (0,0)", "<ORIGIN_START> (0,0) (0,1)"), "expected <ORIGIN_END> after the origin cell"),
    (GOOD.replace("<TARGET_START> (0,1)", "<TARGET_START> x"), r"expected the target cell like \(0,1\), got 'x'"),
    (GOOD + " extra", "unexpected 'extra' after the path"),
    (GOOD.replace("<PATH_START> (0,0) (0,1) <PATH_END>", "junk"), "unexpected 'junk' after the target"),
    (GOOD.replace(" <PATH_END>", ""), "ends inside the path"),
    (GOOD.replace("(0,0) (0,1) <PATH_END>", "<PATH_END>"), "the path is empty"),
    (GOOD.replace("(0,0) (0,1) <PATH_END>", "(0,1) (0,0) <PATH_END>"),
     r"must lead from the origin \(0,0\) to the target \(0,1\), but it goes from \(0,1\) to \(0,0\)"),
    (GOOD.replace("(0,0) (0,1) <PATH_END>", "(0,0) (1,0) (1,1) (0,1) <PATH_END>"),
     r"crosses the wall between cells \(0,0\) and \(1,0\)"),
])
def test_malformed_token_text(text, message):
    with pytest.raises(meiro.MazeError, match=message):
        from_tokens(text)


def test_token_text_of_the_wrong_kind_or_size():
    assert from_tokens(GOOD)[0].shape == (3, 5)
    assert from_tokens(GOOD, grid_shape=(2, 3))[0].shape == (5, 7)
    with pytest.raises(meiro.MazeError, match="outside the 1x1-cell grid_shape"):
        from_tokens(GOOD, grid_shape=(1, 1))
    with pytest.raises(meiro.MazeError, match="grid_shape must be at least"):
        from_tokens(GOOD, grid_shape=(0, 3))
    with pytest.raises(meiro.MazeError, match=r"needs about .* of memory"):
        from_tokens(GOOD.replace("<TARGET_START> (0,1)", "<TARGET_START> (9999999,9999999)"))
    with pytest.raises(TypeError, match="token text must be a str"):
        from_tokens(b"<ADJLIST_START>")
    with pytest.raises(TypeError, match="must hold strings"):
        from_tokens(["<ADJLIST_START>", 3])


def test_from_maze_dataset_checks_what_it_reads():
    with pytest.raises(TypeError, match="expected a maze-dataset LatticeMaze"):
        from_maze_dataset(np.zeros((2, 2, 2), bool))
    cl = np.zeros((2, 1, 2), bool)  # two cells, no passage
    m, path = from_maze_dataset(SimpleNamespace(connection_list=cl))  # a bare LatticeMaze
    assert path is None and m.start == (1, 1) and m.goal == (1, 3)
    with pytest.raises(meiro.MazeError, match=r"crosses the wall between cells \(0,0\) and \(0,1\)"):
        from_maze_dataset(SimpleNamespace(connection_list=cl, solution=np.array([[0, 0], [0, 1]])))
    with pytest.raises(meiro.MazeError, match="must lead from the start"):
        from_maze_dataset(SimpleNamespace(connection_list=cl, start_pos=np.array([0, 1]),
                                          end_pos=np.array([0, 1]), solution=np.array([[0, 0]])))


def test_a_clear_message_without_maze_dataset(monkeypatch):
    monkeypatch.setitem(sys.modules, "maze_dataset", None)  # as if it were not installed
    m = meiro.generate(3, 3, seed=0)
    with pytest.raises(ImportError, match=r"pip install maze-dataset"):
        to_maze_dataset(m)


# -- against maze-dataset itself (skipped where it is not installed) --------------------------

#: its token readers announce a change to come, on every call
quiet = pytest.mark.filterwarnings("ignore:.*only supports legacy UT strings")

@pytest.fixture(scope="module")
def md():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # it warns on import without its compiled token index
        package = pytest.importorskip("maze_dataset")
        from maze_dataset import tokenization
    return SimpleNamespace(package=package, tokenization=tokenization)


def _sorted_tokenizer(tok):
    return tok.MazeTokenizerModular(prompt_sequencer=tok.PromptSequencers.AOTP(
        adj_list_tokenizer=tok.AdjListTokenizers.AdjListCoord(
            shuffle_d0=False, edge_permuter=tok.EdgePermuters.SortedCoords())))


@quiet
@pytest.mark.parametrize("algorithm", ["dig", "kruskal", "wilson", "sidewinder", "division"])
@pytest.mark.parametrize("width,height", [(1, 5), (6, 1), (4, 4), (7, 3)])
def test_to_and_from_the_real_package(md, algorithm, width, height):
    m = meiro.generate(width, height, algorithm, seed=3, goal="farthest", braid=0.3)
    path = meiro.solve(m, "bfs").path
    solved = to_maze_dataset(m, path)
    assert isinstance(solved, md.package.SolvedMaze)
    assert np.array_equal(solved.connection_list, to_connection_list(m))
    assert tuple(solved.grid_shape) == (height, width)
    assert tuple(solved.start_pos) == block_to_cell(m.start) and tuple(solved.end_pos) == block_to_cell(m.goal)
    assert np.array_equal(solved.solution, path_to_solution(path))
    assert solved.is_valid_path(solved.solution)  # maze-dataset agrees the path is open
    drawing = np.array([list(line) for line in solved.as_ascii().splitlines()])
    assert np.array_equal(drawing == "#", m.grid)
    back, back_path = from_maze_dataset(solved)
    assert back == m and np.array_equal(back_path, path)

    targeted = to_maze_dataset(m)
    assert type(targeted) is md.package.TargetedLatticeMaze
    got, none = from_maze_dataset(targeted)
    assert got == m and none is None

    tok = md.tokenization
    assert " ".join(solved.as_tokens(_sorted_tokenizer(tok))) == to_tokens(m, path)
    assert " ".join(targeted.as_tokens(_sorted_tokenizer(tok))) == to_tokens(m)
    for tokenizer in (tok.MazeTokenizer(tokenization_mode=tok.TokenizationMode.AOTP_UT_uniform),
                      tok.MazeTokenizerModular()):
        text = " ".join(solved.as_tokens(tokenizer))
        got, got_path = from_tokens(text, grid_shape=(height, width))
        assert got == m and np.array_equal(got_path, path)
        assert to_tokens(*from_tokens(text, grid_shape=(height, width))) == to_tokens(m, path)


@quiet
@pytest.mark.parametrize("size", [2, 3, 6])
def test_the_real_package_reads_meiros_tokens(md, size):
    # maze-dataset's reader makes a square grid (of the largest coordinate), so square mazes
    m = meiro.generate(size, size, "wilson", seed=size, goal="farthest", braid=0.2)
    path = meiro.solve(m).path
    legacy = md.tokenization.MazeTokenizer(tokenization_mode=md.tokenization.TokenizationMode.AOTP_UT_uniform)
    for shuffle in (None, 4):
        read = md.package.LatticeMaze.from_tokens(to_tokens(m, path, shuffle=shuffle), legacy)
        assert isinstance(read, md.package.SolvedMaze)
        assert np.array_equal(read.connection_list, to_connection_list(m))
        assert np.array_equal(read.solution, path_to_solution(path))


@quiet
@pytest.mark.parametrize("generator", ["gen_dfs", "gen_wilson", "gen_kruskal", "gen_recursive_division",
                                       "gen_dfs_percolation", "gen_percolation"])
@pytest.mark.parametrize("shape", [(1, 4), (5, 1), (3, 5), (6, 6)])
def test_mazes_the_real_package_makes(md, generator, shape):
    from maze_dataset.generation.generators import GENERATORS_MAP

    np.random.seed(sum(shape))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        lattice = GENERATORS_MAP[generator](np.array(shape))
    corner = (shape[0] - 1, shape[1] - 1)
    reached = {tuple(c) for c in lattice.gen_connected_component_from(np.array((0, 0))).tolist()}
    end = corner if corner in reached else max(reached)
    solved = md.package.SolvedMaze.from_lattice_maze(lattice, lattice.find_shortest_path((0, 0), end))
    m, path = from_maze_dataset(solved)
    assert np.array_equal(to_connection_list(m), lattice.connection_list)
    assert meiro.solve(m, "bfs").length == len(path) - 1
    again = to_maze_dataset(m, path)
    assert np.array_equal(again.connection_list, solved.connection_list)
    assert np.array_equal(again.solution, solved.solution)
    text = " ".join(solved.as_tokens(md.tokenization.MazeTokenizerModular()))
    got, got_path = from_tokens(text, grid_shape=shape)
    assert got == m and np.array_equal(got_path, path)
