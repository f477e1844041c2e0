package scenario

import (
	"encoding"
	"fmt"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/turnproc/turnproc/campaign"
)

// Trace renders events one line each (docs/scenarios.md, "The event trace").
func Trace(events []campaign.Event) []string {
	out := make([]string, len(events))
	for i, e := range events {
		out[i] = FormatEvent(e)
	}
	return out
}

// traceOmits are the fields a trace leaves out: the order text and its
// line restate the orders section, Public is report visibility, and the
// English sentence, roll purpose and rule reference repeat what the codes
// and numbers already say.
var traceOmits = map[string]bool{
	"Event.Order": true, "Event.Line": true, "Event.Public": true,
	"Problem.Text": true, "Roll.Purpose": true, "Modifier.Rule": true,
}

// FormatEvent renders one event generically from its fields: the kind,
// then player, unit and route (From→To) bare, the check and the turn
// order ranking bare, then every other non-zero field as key=value in
// declaration order. Fields added to campaign.Event later show up by
// themselves, named by their JSON key.
func FormatEvent(e campaign.Event) string {
	words := []string{quote(string(e.Kind))}
	if e.Player != "" {
		words = append(words, quote(e.Player))
	}
	if e.Unit != "" {
		words = append(words, quote(e.Unit))
	}
	if r := route(e.From, e.To); r != "" {
		words = append(words, r)
	}
	if e.Check != nil {
		words = append(words, FormatCheck(*e.Check))
	}
	for _, in := range e.Ranking {
		words = append(words, formatInitiator(in))
	}
	v := reflect.ValueOf(e)
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		switch f := t.Field(i); f.Name {
		case "Kind", "Player", "Unit", "From", "To", "Check", "Ranking":
		default:
			if w := keyed(t, f, v.Field(i)); w != "" {
				words = append(words, w)
			}
		}
	}
	return strings.Join(words, " ")
}

// keyed renders one field as key=value, or "" when it is omitted or zero.
func keyed(parent reflect.Type, f reflect.StructField, v reflect.Value) string {
	if !f.IsExported() || traceOmits[parent.Name()+"."+f.Name] || isZero(v) {
		return ""
	}
	if v.Kind() == reflect.Bool {
		return jsonKey(f) // a flag: present when true
	}
	return jsonKey(f) + "=" + formatValue(v)
}

func route(from, to *campaign.Coord) string {
	switch {
	case from != nil && to != nil:
		return from.String() + "→" + to.String()
	case to != nil:
		return "→" + to.String()
	case from != nil:
		return from.String() + "→"
	}
	return ""
}

func isZero(v reflect.Value) bool {
	if v.Type() == coordType {
		return false // A1 is a square, not "no square"
	}
	switch v.Kind() {
	case reflect.Slice, reflect.Map:
		return v.Len() == 0
	case reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return v.IsZero()
}

var (
	coordType      = reflect.TypeFor[campaign.Coord]()
	checkType      = reflect.TypeFor[campaign.Check]()
	rollType       = reflect.TypeFor[campaign.Roll]()
	modifierType   = reflect.TypeFor[campaign.Modifier]()
	initiatorType  = reflect.TypeFor[campaign.Initiator]()
	textMarshaller = reflect.TypeFor[encoding.TextMarshaler]()
	stringer       = reflect.TypeFor[fmt.Stringer]()
)

// formatValue renders any value a field may hold.
func formatValue(v reflect.Value) string {
	if v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface {
		if v.IsNil() {
			return "nil"
		}
		return formatValue(v.Elem())
	}
	switch v.Type() {
	case checkType:
		return "(" + FormatCheck(v.Interface().(campaign.Check)) + ")"
	case rollType:
		return formatDice(v.Interface().(campaign.Roll).Dice)
	case modifierType:
		return formatModifier(v.Interface().(campaign.Modifier))
	case initiatorType:
		return formatInitiator(v.Interface().(campaign.Initiator))
	}
	if v.Type().Implements(textMarshaller) {
		b, err := v.Interface().(encoding.TextMarshaler).MarshalText()
		if err == nil {
			return quote(string(b))
		}
	}
	if v.Kind() != reflect.String && v.Type().Implements(stringer) {
		return quote(v.Interface().(fmt.Stringer).String())
	}
	switch v.Kind() {
	case reflect.String:
		return quote(v.String())
	case reflect.Bool:
		return strconv.FormatBool(v.Bool())
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(v.Int(), 10)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return strconv.FormatUint(v.Uint(), 10)
	case reflect.Slice, reflect.Array:
		items := make([]string, v.Len())
		for i := range items {
			items[i] = formatValue(v.Index(i))
		}
		return "[" + strings.Join(items, " ") + "]"
	case reflect.Map:
		items := make([]string, 0, v.Len())
		for it := v.MapRange(); it.Next(); {
			items = append(items, formatValue(it.Key())+"="+formatValue(it.Value()))
		}
		slices.Sort(items)
		return "[" + strings.Join(items, " ") + "]"
	case reflect.Struct:
		var words []string
		for i := 0; i < v.NumField(); i++ {
			if w := keyed(v.Type(), v.Type().Field(i), v.Field(i)); w != "" {
				words = append(words, w)
			}
		}
		return "(" + strings.Join(words, " ") + ")"
	}
	return quote(fmt.Sprint(v.Interface()))
}

// FormatCheck renders a command check:
//
//	move base=9 mods=[dest-free+1 terrain-moderate-1] n=1 D=9 roll=[4 4] pass
//
// followed by any other non-zero field of campaign.Check (e.g. automatic).
// The order penalty is written only when it is not −(n−1) (penalty=0 for
// a flat check [A25]); parseCheck takes −(n−1) when it is left out.
func FormatCheck(c campaign.Check) string {
	mods := make([]string, len(c.Modifiers))
	for i, m := range c.Modifiers {
		mods[i] = formatModifier(m)
	}
	verdict := "fail"
	if c.Passed {
		verdict = "pass"
	}
	words := []string{quote(c.Action), fmt.Sprintf("base=%d", c.Base), "mods=[" + strings.Join(mods, " ") + "]",
		fmt.Sprintf("n=%d", c.OrderN), fmt.Sprintf("D=%d", c.Target), "roll=" + formatDice(c.Roll.Dice), verdict}
	v := reflect.ValueOf(c)
	for i := 0; i < v.NumField(); i++ {
		switch f := v.Type().Field(i); f.Name {
		case "Action", "Base", "Modifiers", "OrderN", "Target", "Roll", "Passed":
		case "Penalty":
			if c.Penalty != -(c.OrderN - 1) {
				words = append(words, fmt.Sprintf("penalty=%d", c.Penalty))
			}
		default:
			if w := keyed(v.Type(), f, v.Field(i)); w != "" {
				words = append(words, w)
			}
		}
	}
	return strings.Join(words, " ")
}

func formatModifier(m campaign.Modifier) string {
	return fmt.Sprintf("%s%+d", quote(m.Reason), m.Value)
}

func formatInitiator(in campaign.Initiator) string { return quote(in.Player) + formatDice(in.Rolls) }

func formatDice(dice []int) string {
	s := make([]string, len(dice))
	for i, d := range dice {
		s[i] = strconv.Itoa(d)
	}
	return "[" + strings.Join(s, " ") + "]"
}

// parseCheck reads what FormatCheck writes.
func parseCheck(words []string) (campaign.Check, error) {
	var c campaign.Check
	if len(words) < 7 {
		return c, fmt.Errorf("a check needs: action base=… mods=[…] n=… D=… roll=[…] pass|fail")
	}
	action, err := unquote(words[0])
	if err != nil {
		return c, err
	}
	c.Action = action
	seen := map[string]bool{}
	for _, w := range words[1:] {
		key, val, hasVal := strings.Cut(w, "=")
		if seen[key] {
			return c, fmt.Errorf("%s is given twice in the check", key)
		}
		seen[key] = true
		switch {
		case w == "pass" || w == "fail":
			if seen["pass"] && seen["fail"] {
				return c, fmt.Errorf("a check either passes or fails")
			}
			c.Passed = w == "pass"
		case key == "base" || key == "n" || key == "D":
			n, err := strconv.Atoi(val)
			if err != nil {
				return c, fmt.Errorf("%s=%q is not a whole number", key, val)
			}
			*map[string]*int{"base": &c.Base, "n": &c.OrderN, "D": &c.Target}[key] = n
		case key == "mods":
			if c.Modifiers, err = parseModifiers(val); err != nil {
				return c, err
			}
		case key == "roll":
			if c.Roll.Dice, err = parseDice(val); err != nil {
				return c, err
			}
		case !hasVal:
			if ok, err := setField(reflect.ValueOf(&c).Elem(), key, "true", jsonKey); !ok || err != nil {
				return c, unknownCheckWord(w, err)
			}
		default:
			if ok, err := setField(reflect.ValueOf(&c).Elem(), key, val, jsonKey); !ok || err != nil {
				return c, unknownCheckWord(w, err)
			}
		}
	}
	for _, k := range []string{"base", "mods", "n", "D", "roll"} {
		if !seen[k] {
			return c, fmt.Errorf("the check has no %s=", k)
		}
	}
	if !seen["pass"] && !seen["fail"] {
		return c, fmt.Errorf("the check says neither pass nor fail")
	}
	if !seen["penalty"] {
		c.Penalty = -(c.OrderN - 1)
	}
	return c, nil
}

func unknownCheckWord(w string, err error) error {
	if err != nil {
		return err
	}
	return fmt.Errorf("unknown word %q in the check", w)
}

func parseModifiers(val string) ([]campaign.Modifier, error) {
	words, err := list(val)
	if err != nil {
		return nil, err
	}
	mods := []campaign.Modifier{}
	for _, w := range words {
		i := strings.LastIndexAny(w, "+-")
		n, err := strconv.Atoi(w[max(i, 0):])
		if i <= 0 || err != nil {
			return nil, fmt.Errorf("modifier %q is not reason±value, like dest-free+1", w)
		}
		reason, err := unquote(w[:i])
		if err != nil {
			return nil, err
		}
		mods = append(mods, campaign.Modifier{Reason: reason, Value: n})
	}
	return mods, nil
}

func parseDice(val string) ([]int, error) {
	words, err := list(val)
	if err != nil {
		return nil, err
	}
	dice := []int{}
	for _, w := range words {
		d, err := strconv.Atoi(w)
		if err != nil || d < 1 || d > 6 {
			return nil, fmt.Errorf("die %q is not 1–6", w)
		}
		dice = append(dice, d)
	}
	return dice, nil
}
