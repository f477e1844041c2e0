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
