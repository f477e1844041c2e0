package siege

import "github.com/turnproc/turnproc/campaign"

// CapacityPerValue is how many defending points the walls of a square hold
// per point of its value (D18, [A77]).
const CapacityPerValue = 300

// Capacity is how many points of the whole defending force (garrison
// included) fit inside the fortifications of a square of that value; the
// excess deploys outside the walls (D18).
func Capacity(value int) int { return CapacityPerValue * max(value, 0) }

// Outside is how many of the defender's points must deploy outside (D18).
func Outside(defenderPoints, value int) int { return max(defenderPoints-Capacity(value), 0) }

// EquipmentBudget is ⌊15% × the side's points⌋, for the main attacker and
// the main defender only (D19, [A74]); reinforcements buy nothing.
func EquipmentBudget(points int) int { return max(points, 0) * 15 / 100 }

// StoneFromValue is the value from which a castle is of stone (D20).
const StoneFromValue = 8

// CastleMaterial decides wood or stone (D20): stone for a capital or a
// square of value ≥8, else wood, unless the map square sets it.
func CastleMaterial(sq *campaign.Square, value int, capital bool) campaign.Material {
	if sq != nil && sq.Material != campaign.AutoMaterial {
		return sq.Material
	}
	if capital || value >= StoneFromValue {
		return campaign.Stone
	}
	return campaign.Wood
}

// Site is what decides the castle of a square (D20): its value and whether
// it is its owner's capital, and so its material.
type Site struct {
	Value    int
	Capital  bool
	Material campaign.Material
}

// SiteOf is the site of square at in state s (the state a siege is fought
// from: after the turn that scheduled it). The castle is the square's,
// whoever defends it: a capital is of stone also when its owner's own
// garrison holds it against him and the siege has no defending player
// ([A44]).
func SiteOf(m *campaign.Map, s *campaign.State, at campaign.Coord) Site {
	st := s.Square(at)
	owner := s.Player(st.Owner)
	site := Site{Value: st.Value, Capital: owner != nil && owner.Capital == at}
	site.Material = CastleMaterial(m.Square(at), site.Value, site.Capital)
	return site
}

// CastleFor is the castle a siege is fought at: the castle of its square's
// site (D20), laid out for the whole defending force, garrison included
// (ES-ANA-00, D18). The siege sheet, EQUIP pricing and the table-side rolls
// all use it.
func CastleFor(m *campaign.Map, s *campaign.State, b campaign.Battle) Castle {
	site := SiteOf(m, s, b.At)
	return Layout(b.SidePoints(campaign.Defender), site.Value, site.Material)
}
