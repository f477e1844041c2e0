package campaign

import "testing"

func TestPreview(t *testing.T) {
	s := exampleState(t, exampleMap(t))
	events := Preview(exampleMap(t), Rules{}, s, OrderSet{Player: "empire", Orders: []Order{
		move(t, "A1", "E10", "E9", "E8"),
		move(t, "A5", "P10"), // not his
		Claim{Army: "A1"},
	}})
	want := `check A1 E10 move 9[dest-free+1] n=1 D=10 [1 1] true
moved A1 E10 =500
explored A1 E10 =5
check A1 E9 move 9[dest-free+1 terrain-moderate-1] n=2 D=8 [1 1] true
moved A1 E9 =500
explored A1 E9 =5
check A1 E8 move 9[dest-free+1 terrain-moderate-1] n=3 D=7 [1 1] true
moved A1 E8 =500
explored A1 E8 =5
rejected A5 not-yours
rejected A1 not-linked
`
	if got := brief(events); got != want {
		t.Errorf("preview:\n%s\nwant:\n%s", got, want)
	}
	if s.Army("A1").At != mustCoord(t, "E11") || s.Square(mustCoord(t, "E10")).Explored {
		t.Error("Preview must not change the state")
	}
}
