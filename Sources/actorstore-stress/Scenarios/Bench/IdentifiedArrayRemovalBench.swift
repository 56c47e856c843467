import ActorStore
import ActorStoreTesting

/// Figure 7: `IdentifiedArray.remove(id:)` of a tenth of the elements at random, against
/// `Dictionary.removeValue(forKey:)` of the same IDs.
enum IdentifiedArrayRemovalBench {
  struct Row: Identifiable, Sendable {
    let id: Int
    var count: Int
    var label: String
  }

  static func run(elements: Int, seed: UInt64, rounds: BenchRounds, log: inout InvariantLog) async -> Figure {
    var random = SeededGenerator(seed: seed)
    let rows = (0..<elements).map { Row(id: $0, count: $0, label: "row") }
    let removals = max(1, elements / 10)
    let removalIDs = Array(rows.map(\.id).shuffled(using: &random).prefix(removals))
    var remaining: [Int] = []
    let times = await rounds.compare(
      subject: {
        var array = IdentifiedArrayOf(uniqueElements: rows)
        let elapsed = await BenchRounds.time {
          for id in removalIDs { blackhole(array.remove(id: id)) }
        }
        remaining.append(array.count)
        return elapsed
      },
      baseline: {
        var dictionary = Dictionary(uniqueKeysWithValues: rows.map { ($0.id, $0) })
        let elapsed = await BenchRounds.time {
          for id in removalIDs { blackhole(dictionary.removeValue(forKey: id)) }
        }
        remaining.append(dictionary.count)
        return elapsed
      })
    log.check(
      "remove(id:) removes exactly the given elements", remaining.allSatisfy { $0 == elements - removals },
      "elements left per round \(remaining), expected \(elements - removals)")
    var figure = Figure.comparison(
      "IdentifiedArray.remove(id:) ×\(Format.count(removals)) on \(Format.count(elements))", operations: removals,
      unit: "ns/removal", times: times, maxRatio: 20, target: "≤ 20×")
    figure.detail = "baseline: Dictionary.removeValue(forKey:) of the same IDs"
    return figure
  }
}
