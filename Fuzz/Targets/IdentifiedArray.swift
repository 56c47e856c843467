import ActorStore

// IdentifiedArray: a sequence of every mutating operation (appends, inserts at any index,
// removals by ID and position, the three moves, sorts, subscript assignment and in-place edits
// that keep or change the ID, bulk appends that cross the 512-slot chunks, copies kept aside)
// checked after each step against a plain array of elements: order, IDs, lookups, return
// values, the issues reported for bad input, and value semantics of the copies.

struct Row: Identifiable, Hashable, Sendable, CustomStringConvertible {
  var id: UInt16
  var value: UInt8
  var description: String { "\(id):\(value)" }
}

/// Writes through an in-place access, as `array[id: x]?.value += 1` does.
func overwrite(_ slot: inout Row?, with row: Row?) { slot = row }

struct ArrayModel {
  var rows: [Row] = []
  var expectedIssues = 0

  func index(of id: UInt16) -> Int? { rows.firstIndex { $0.id == id } }
}

struct Harness {
  var array = IdentifiedArrayOf<Row>()
  var model = ArrayModel()
  var saved: [(IdentifiedArrayOf<Row>, [Row])] = []
  var nextFreshID: UInt16 = 1_000

  /// An ID: often one the array holds, sometimes a small one that may or may not be there.
  mutating func id(_ input: inout FuzzInput) -> UInt16 {
    if !model.rows.isEmpty && input.bool() { return model.rows[position(&input, below: model.rows.count)].id }
    return UInt16(input.below(64))
  }

  /// A position in `0..<count` from two bytes (counts go past 256).
  func position(_ input: inout FuzzInput, below count: Int) -> Int {
    (Int(input.byte()) << 8 | Int(input.byte())) % count
  }

  /// An index that is sometimes just outside `0..<limit`.
  func index(_ input: inout FuzzInput, limit: Int) -> Int {
    switch input.below(8) {
    case 0: return -1 - input.below(2)
    case 1: return limit + input.below(2)
    default: return limit == 0 ? 0 : position(&input, below: limit)
    }
  }

  mutating func step(_ input: inout FuzzInput) -> String {
    let count = model.rows.count
    switch input.below(17) {
    case 0:
      let row = Row(id: id(&input), value: input.byte())
      let result = array.append(row)
      if let existing = model.index(of: row.id) {
        model.expectedIssues += 1
        require(result == (false, existing), "append duplicate \(row) gave \(result)")
      } else {
        model.rows.append(row)
        require(result == (true, count), "append \(row) gave \(result)")
      }
      return "append \(row)"
    case 1:
      let row = Row(id: id(&input), value: input.byte())
      let at = index(&input, limit: count + 1)
      let result = array.insert(row, at: at)
      let clamped = min(max(at, 0), count)
      if clamped != at { model.expectedIssues += 1 }
      if let existing = model.index(of: row.id) {
        model.expectedIssues += 1
        require(result == (false, existing), "insert duplicate \(row) gave \(result)")
      } else {
        model.rows.insert(row, at: clamped)
        require(result == (true, clamped), "insert \(row) at \(at) gave \(result)")
      }
      return "insert \(row) at \(at)"
    case 2:
      let row = Row(id: id(&input), value: input.byte())
      let replaced = array.updateOrAppend(row)
      if let existing = model.index(of: row.id) {
        require(replaced == model.rows[existing], "updateOrAppend returned \(String(describing: replaced))")
        model.rows[existing] = row
      } else {
        require(replaced == nil, "updateOrAppend of a new row returned \(String(describing: replaced))")
        model.rows.append(row)
      }
      return "updateOrAppend \(row)"
    case 3:
      let id = id(&input)
      let removed = array.remove(id: id)
      let expected = model.index(of: id).map { model.rows.remove(at: $0) }
      require(removed == expected, "remove(id: \(id)) gave \(String(describing: removed))")
      return "remove(id: \(id))"
    case 4:
      guard count > 0 else { return "nothing to remove" }
      let at = position(&input, below: count)
      let removed = array.remove(at: at)
      require(removed == model.rows.remove(at: at), "remove(at: \(at)) gave \(removed)")
      return "remove(at: \(at))"
    case 5:
      let modulus = UInt8(1 + input.below(8))
      let remainder = UInt8(input.below(Int(modulus)))
      array.removeAll { $0.value % modulus == remainder }
      model.rows.removeAll { $0.value % modulus == remainder }
      return "removeAll(value % \(modulus) == \(remainder))"
    case 6:
      guard input.below(8) == 0 else { return "skipped removeAll()" }
      array.removeAll()
      model.rows.removeAll()
      return "removeAll()"
    case 7:
      let from = index(&input, limit: count)
      let to = index(&input, limit: count)
      array.move(from: from, to: to)
      if (0..<count).contains(from) && (0..<count).contains(to) {
        model.rows.insert(model.rows.remove(at: from), at: to)
      } else {
        model.expectedIssues += 1
      }
      return "move(from: \(from), to: \(to))"
    case 8:
      let id = id(&input)
      let to = index(&input, limit: count)
      array.move(id: id, to: to)
      if let from = model.index(of: id), (0..<count).contains(to) {
        model.rows.insert(model.rows.remove(at: from), at: to)
      } else {
        model.expectedIssues += 1
      }
      return "move(id: \(id), to: \(to))"
    case 9:
      let offsets = (0..<input.below(5)).map { _ in index(&input, limit: count) }
      let destination = index(&input, limit: count + 1)
      array.move(fromOffsets: offsets, toOffset: destination)
      if offsets.allSatisfy({ (0..<count).contains($0) }) && (0...count).contains(destination) {
        let moved = Set(offsets)
        let rows = model.rows.indices
        model.rows =
          (rows[..<destination].filter { !moved.contains($0) } + rows.filter { moved.contains($0) }
          + rows[destination...].filter { !moved.contains($0) }).map { model.rows[$0] }
      } else {
        model.expectedIssues += 1
      }
      return "move(fromOffsets: \(offsets), toOffset: \(destination))"
    case 10:
      array.sort { ($0.value, $0.id) < ($1.value, $1.id) }
      model.rows.sort { ($0.value, $0.id) < ($1.value, $1.id) }
      return "sort"
    case 11:
      let id = id(&input)
      let mismatched = input.below(4) == 0
      let row = Row(id: mismatched ? id &+ 1 : id, value: input.byte())
      array[id: id] = row
      if mismatched {
        model.expectedIssues += 1
      } else if let existing = model.index(of: id) {
        model.rows[existing] = row
      } else {
        model.rows.append(row)
      }
      return "[id: \(id)] = \(row)"
    case 12:
      let id = id(&input)
      array[id: id] = nil
      if let existing = model.index(of: id) { model.rows.remove(at: existing) }
      return "[id: \(id)] = nil"
    case 13:
      let id = id(&input)
      let delta = input.byte()
      array[id: id]?.value &+= delta
      if let existing = model.index(of: id) { model.rows[existing].value &+= delta }
      return "[id: \(id)]?.value += \(delta)"
    case 14:
      // In-place edits that change the ID, write nil, or write into an absent ID.
      let id = id(&input)
      let newID = self.id(&input)
      let value = input.byte()
      switch input.below(3) {
      case 0:
        array[id: id]?.id = newID
        guard let existing = model.index(of: id), newID != id else { return "[id: \(id)]?.id = \(newID), no change" }
        model.expectedIssues += 1
        if model.index(of: newID) != nil {
          model.rows.remove(at: existing)
        } else {
          model.rows[existing].id = newID
        }
        return "[id: \(id)]?.id = \(newID)"
      case 1:
        overwrite(&array[id: id], with: nil)
        if let existing = model.index(of: id) { model.rows.remove(at: existing) }
        return "overwrite [id: \(id)] with nil"
      default:
        let row = Row(id: newID, value: value)
        overwrite(&array[id: id], with: row)
        if let existing = model.index(of: id) {
          // An edit of a present element: a changed ID is settled as above.
          if newID == id {
            model.rows[existing] = row
          } else {
            model.expectedIssues += 1
            if model.index(of: newID) != nil {
              model.rows.remove(at: existing)
            } else {
              model.rows[existing] = row
            }
          }
        } else if newID == id {
          model.rows.append(row)
        } else {
          model.expectedIssues += 1
        }
        return "overwrite [id: \(id)] with \(row)"
      }
    case 15:
      let added = input.below(256) * 4
      let rows = (0..<added).map { offset in
        Row(id: nextFreshID &+ UInt16(offset), value: UInt8(truncatingIfNeeded: offset))
      }
      nextFreshID &+= UInt16(added)
      if input.bool() {
        array.append(contentsOf: rows)
      } else {
        array = IdentifiedArrayOf(uniqueElements: array.elements + rows)
      }
      model.rows += rows
      return "append \(added) fresh rows"
    default:
      if saved.count < 4 { saved.append((array, model.rows)) }
      return "kept a copy"
    }
  }

  /// Everything observable about the array, against the model. Lookups of every ID are
  /// quadratic on long arrays, so they cover a sample there.
  func verify(_ input: inout FuzzInput, _ issues: IssueCounter, _ context: String) {
    let rows = model.rows
    require(array.count == rows.count, "\(context): count \(array.count), model \(rows.count)")
    require(array.isEmpty == rows.isEmpty, "\(context): isEmpty")
    require(array.elements == rows, "\(context): elements \(array.elements)\nmodel \(rows)")
    require(Array(array.ids) == rows.map(\.id), "\(context): ids")
    require(Array(array) == rows, "\(context): iteration")
    let probes = rows.count <= 64 ? Array(rows.indices) : (0..<16).map { _ in position(&input, below: rows.count) }
    for position in probes {
      let row = rows[position]
      require(array[position] == row, "\(context): [\(position)] is \(array[position]), model \(row)")
      require(array.ids[position] == row.id, "\(context): ids[\(position)]")
      require(
        array.index(id: row.id) == position,
        "\(context): index(id: \(row.id)) is \(String(describing: array.index(id: row.id)))")
      require(array[id: row.id] == row, "\(context): [id: \(row.id)]")
      require(array.contains(id: row.id), "\(context): contains(id: \(row.id))")
    }
    let present = Set(rows.map(\.id))
    for id in UInt16(0)..<64 where !present.contains(id) {
      require(
        !array.contains(id: id) && array.index(id: id) == nil && array[id: id] == nil, "\(context): absent \(id) found")
    }
    let rebuilt = IdentifiedArrayOf<Row>(uniqueElements: rows)
    require(array == rebuilt, "\(context): not equal to the array rebuilt from the model")
    require(array.hashValue == rebuilt.hashValue, "\(context): hash differs from the rebuilt array's")
    for (index, copy) in saved.enumerated() {
      require(copy.0.elements == copy.1, "\(context): kept copy \(index) changed")
    }
    require(
      issues.count == model.expectedIssues,
      "\(context): \(issues.count) issues, expected \(model.expectedIssues): \(issues.all)")
  }
}

/// libFuzzer's entry point: decodes and checks one input; a broken check traps, which
/// libFuzzer records as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func identifiedArrayFuzzTarget(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
  var input = FuzzInput(data, size)
  let issues = IssueCounter()
  IssueReporting.withReporter(issues) {
    var harness = Harness()
    var history: [String] = []
    while !input.isExhausted && history.count < 64 {
      history.append(harness.step(&input))
      harness.verify(&input, issues, history.suffix(6).joined(separator: "; "))
    }
  }
  return 0
}
