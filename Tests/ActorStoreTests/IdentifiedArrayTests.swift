import Testing

@testable import ActorStore

private struct Row: Identifiable, Hashable, Sendable {
  var id: Int
  var value: Int = 0
}

private struct Payload: Identifiable {
  var id: Int
  var items: [Int]
}

/// Runs `body` with a fresh capture as the issue reporter; returns the messages it raised.
private func issues(in body: () throws -> Void) rethrows -> [String] {
  let capture = IssueCapture()
  try IssueReporting.withReporter(capture, operation: body)
  return capture.messages
}

private func rows(_ ids: Int...) -> [Row] {
  ids.map { Row(id: $0) }
}

private struct Failure: Error {}

/// Checks the bookkeeping that `IdentifiedArray`'s public surface cannot show.
private func expectConsistentStorage<E>(_ array: IdentifiedArray<Int, E>) {
  let order = array.order
  #expect(order.count == array.values.count)
  #expect(order.slotOfID.count == order.count)
  #expect(
    order.chunks.allSatisfy { !$0.slots.isEmpty && $0.slots.count <= OrderedIDs<Int>.chunkCapacity }
  )
  var start = 0
  for (position, chunk) in order.chunks.enumerated() {
    #expect(order.chunkStarts[position] == start)
    #expect(order.positionOfHandle[Int(chunk.handle)] == Int32(position))
    #expect(chunk.slots.allSatisfy { order.handleOfSlot[Int($0)] == chunk.handle })
    start += chunk.slots.count
  }
  #expect(start == order.count)
  #expect(Set(order.chunks.flatMap(\.slots)).count == order.count)
  for (slot, id) in order.idOfSlot.enumerated() {
    #expect(order.slotOfID[id] == Int32(slot))
  }
  #expect(array.values.count == order.count)
  #expect(array.values.chunks.allSatisfy { chunk in chunk.allSatisfy { $0 != nil } })
  #expect(array.values.chunks.dropLast().allSatisfy { $0.count == 512 })
}

@Suite struct IdentifiedArrayTests {
  @Test func buildsFromSequenceKeepingOrder() {
    let array = IdentifiedArray(rows(3, 1, 2), id: \.id)
    #expect(array.count == 3)
    #expect(Array(array.ids) == [3, 1, 2])
    #expect(array.elements == rows(3, 1, 2))
    #expect(array.startIndex == 0 && array.endIndex == 3)
    #expect(array[1] == Row(id: 1))
    #expect(array.ids[2] == 2)
  }

  @Test func identifiableInitializersAndLiteral() {
    let empty = IdentifiedArrayOf<Row>()
    #expect(empty.isEmpty)
    let literal: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    #expect(literal.elements == rows(1, 2))
    #expect(IdentifiedArrayOf<Row>(uniqueElements: rows(1, 2)) == literal)
  }

  @Test func customIDFunction() {
    var words = IdentifiedArray(["apple", "banana"], id: { $0.first! })
    #expect(words[id: "b"] == "banana")
    words[id: "a"] = "avocado"
    #expect(words.elements == ["avocado", "banana"])
  }

  @Test func duplicateIDsInInitAreReportedAndFirstKept() {
    var array = IdentifiedArrayOf<Row>()
    let messages = issues {
      array = IdentifiedArrayOf(uniqueElements: [
        Row(id: 5, value: 0), Row(id: 5, value: 1), Row(id: 7, value: 2), Row(id: 7, value: 3),
        Row(id: 3, value: 4),
      ])
    }
    #expect(
      messages == [
        "IdentifiedArray: duplicate id 5 at positions 0 and 1; keeping the first",
        "IdentifiedArray: duplicate id 7 at positions 2 and 3; keeping the first",
      ])
    #expect(array.elements == [Row(id: 5, value: 0), Row(id: 7, value: 2), Row(id: 3, value: 4)])

    let literalMessages = issues {
      let literal: IdentifiedArrayOf<Row> = [
        Row(id: 1), Row(id: 3), Row(id: 2), Row(id: 9), Row(id: 3),
      ]
      #expect(Array(literal.ids) == [1, 3, 2, 9])
    }
    #expect(
      literalMessages == ["IdentifiedArray: duplicate id 3 at positions 1 and 4; keeping the first"]
    )
  }

  @Test func subscriptByIDGetsAndReplacesInPlace() {
    var array: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    #expect(array[id: 2] == Row(id: 2))
    #expect(array[id: 4] == nil)
    let before = array.ids
    array[id: 2] = Row(id: 2, value: 9)
    #expect(array.elements == [Row(id: 1), Row(id: 2, value: 9), Row(id: 3)])
    #expect(array.idsRemoved(comparedTo: before).isEmpty)
    #expect(array.order.identity === before.order.identity)
  }

  @Test func subscriptByIDSetNilRemovesAndSetAbsentAppends() {
    var array: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    let messages = issues {
      array[id: 1] = nil
      array[id: 8] = nil
      array[id: 4] = Row(id: 4)
    }
    #expect(messages.isEmpty)
    #expect(array.elements == rows(2, 4))
  }

  @Test func subscriptByIDRejectsMismatchedID() {
    var array: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    let messages = issues {
      array[id: 1] = Row(id: 2, value: 5)
      array[id: 7] = Row(id: 8)
    }
    #expect(
      messages == [
        "IdentifiedArray[id: 1]: the assigned element has id 2; the array is left unchanged",
        "IdentifiedArray[id: 7]: the assigned element has id 8; the array is left unchanged",
      ])
    #expect(array.elements == rows(1, 2))
  }

  @Test func inPlaceEditDoesNotCopyTheElementOrTheIDs() {
    var items: [Int] = []
    items.reserveCapacity(64)
    items.append(1)
    var array = IdentifiedArray(
      [Payload(id: 1, items: items), Payload(id: 2, items: [])], id: \.id)
    items = []
    let address = array[id: 1]!.items.withUnsafeBufferPointer { $0.baseAddress }
    let idsBefore = array.ids
    array[id: 1]?.items.append(2)
    #expect(array[id: 1]!.items == [1, 2])
    #expect(array[id: 1]!.items.withUnsafeBufferPointer { $0.baseAddress } == address)
    #expect(array.order.identity === idsBefore.order.identity)
  }

  @Test func inPlaceEditThroughModify() {
    func set(_ value: inout Row?, to newValue: Row?) { value = newValue }
    var array: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    array[id: 2]?.value += 5
    #expect(array[id: 2] == Row(id: 2, value: 5))
    set(&array[id: 1], to: nil)
    #expect(array.elements == [Row(id: 2, value: 5), Row(id: 3)])
    set(&array[id: 6], to: Row(id: 6))
    #expect(Array(array.ids) == [2, 3, 6])
    let messages = issues {
      set(&array[id: 7], to: Row(id: 70))
      array[id: 3]?.id = 30
      array[id: 2]?.id = 6
    }
    #expect(
      messages == [
        "IdentifiedArray[id: 7]: the assigned element has id 70; the array is left unchanged",
        "IdentifiedArray[id: 3]: an in-place edit changed the element's id to 30; it stays at "
          + "index 1 under its new id",
        "IdentifiedArray[id: 2]: an in-place edit changed the element's id to 6, which another "
          + "element already has; the edited element is dropped",
      ])
    #expect(Array(array.ids) == [30, 6])
    #expect(array[id: 30] == Row(id: 30))
    #expect(array[id: 3] == nil)
    expectConsistentStorage(array)
  }

  @Test func removals() {
    var array = IdentifiedArrayOf(uniqueElements: rows(1, 2, 3, 4, 5, 6))
    let messages = issues {
      #expect(array.remove(id: 3) == Row(id: 3))
      #expect(array.remove(id: 3) == nil)
    }
    #expect(messages.isEmpty)
    #expect(array.remove(at: 0) == Row(id: 1))
    #expect(Array(array.ids) == [2, 4, 5, 6])
    array.removeAll { $0.id.isMultiple(of: 2) }
    #expect(Array(array.ids) == [5])
    array.removeAll()
    #expect(array.isEmpty)
    expectConsistentStorage(array)
  }

  @Test func removeAllWhereFewAndManyAndThrowing() throws {
    let source = IdentifiedArrayOf(uniqueElements: (0..<1000).map { Row(id: $0) })
    var few = source
    few.removeAll { $0.id % 100 == 7 }
    #expect(few.count == 990 && few.contains(id: 8) && !few.contains(id: 107))
    var many = source
    many.removeAll { $0.id % 3 != 0 }
    #expect(Array(many.ids) == Array(stride(from: 0, to: 1000, by: 3)))
    var untouched = source
    #expect(throws: Failure.self) {
      try untouched.removeAll {
        if $0.id == 500 { throw Failure() }
        return true
      }
    }
    #expect(untouched == source)
    expectConsistentStorage(few)
    expectConsistentStorage(many)
  }

  @Test func appendAndInsert() {
    var array = IdentifiedArrayOf<Row>()
    #expect(array.append(Row(id: 1)) == (true, 0))
    #expect(array.append(Row(id: 2)) == (true, 1))
    #expect(array.insert(Row(id: 3), at: 1) == (true, 1))
    array.append(contentsOf: rows(4, 5))
    #expect(Array(array.ids) == [1, 3, 2, 4, 5])
    var duplicate = (inserted: true, index: -1)
    var clamped = (inserted: false, index: -1)
    let messages = issues {
      duplicate = array.append(Row(id: 2, value: 9))
      array.append(contentsOf: rows(6, 1))
      clamped = array.insert(Row(id: 7), at: 42)
    }
    #expect(duplicate == (false, 2))
    #expect(clamped == (true, 6))
    #expect(
      messages == [
        "IdentifiedArray: duplicate id 2 already at index 2; not inserted",
        "IdentifiedArray: duplicate id 1 already at index 0; not inserted",
        "IdentifiedArray.insert: index 42 is outside 0...6; inserting at 6",
      ])
    #expect(Array(array.ids) == [1, 3, 2, 4, 5, 6, 7])
    #expect(array[id: 2] == Row(id: 2))
  }

  @Test func updateOrAppend() {
    var array: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2)]
    #expect(array.updateOrAppend(Row(id: 2, value: 4)) == Row(id: 2))
    #expect(array.updateOrAppend(Row(id: 3)) == nil)
    #expect(array.elements == [Row(id: 1), Row(id: 2, value: 4), Row(id: 3)])
  }

  @Test func moves() {
    var array = IdentifiedArrayOf(uniqueElements: rows(0, 1, 2, 3, 4, 5))
    array.move(from: 0, to: 3)
    #expect(Array(array.ids) == [1, 2, 3, 0, 4, 5])
    array.move(id: 5, to: 0)
    #expect(Array(array.ids) == [5, 1, 2, 3, 0, 4])
    array.move(fromOffsets: [1, 3], toOffset: 5)
    #expect(Array(array.ids) == [5, 2, 0, 1, 3, 4])
    array.move(fromOffsets: [4, 5], toOffset: 0)
    #expect(Array(array.ids) == [3, 4, 5, 2, 0, 1])
    let before = array
    let messages = issues {
      array.move(from: 0, to: 6)
      array.move(id: 9, to: 0)
      array.move(fromOffsets: [2, 8], toOffset: 0)
      array.move(fromOffsets: [2], toOffset: 7)
    }
    #expect(
      messages == [
        "IdentifiedArray.move: index 0 or 6 is outside 0..<6; nothing moved",
        "IdentifiedArray.move: no element has id 9; nothing moved",
        "IdentifiedArray.move: offset 8 is outside 0..<6; nothing moved",
        "IdentifiedArray.move: destination 7 is outside 0...6; nothing moved",
      ])
    #expect(array == before)
    #expect(array.hasIdenticalIDs(to: before))
  }

  @Test func sortsAndLeavesUnchangedWhenComparatorThrows() throws {
    var array = IdentifiedArrayOf(uniqueElements: rows(3, 1, 2))
    array.sort { $0.id < $1.id }
    #expect(Array(array.ids) == [1, 2, 3])
    #expect(array.index(id: 3) == 2)
    #expect(throws: Failure.self) { try array.sort { _, _ in throw Failure() } }
    #expect(Array(array.ids) == [1, 2, 3])
  }

  @Test func lookups() {
    let array = IdentifiedArrayOf(uniqueElements: rows(4, 8, 15))
    #expect(array.index(id: 15) == 2)
    #expect(array.index(id: 16) == nil)
    #expect(array.contains(id: 8))
    #expect(!array.contains(id: 9))
  }

  @Test func equatableAndHashableIgnoreTheIDFunction() {
    var built = IdentifiedArray(id: { (row: Row) in row.id })
    for id in [9, 1, 2, 3] { built.append(Row(id: id)) }
    built.remove(id: 9)
    let literal: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2), Row(id: 3)]
    #expect(built == literal)
    #expect(built.hashValue == literal.hashValue)
    #expect(Set([built, literal]).count == 1)
    let reordered: IdentifiedArrayOf<Row> = [Row(id: 2), Row(id: 1), Row(id: 3)]
    #expect(built != reordered)
    var edited = literal
    edited[id: 2]?.value = 1
    #expect(edited != literal)
    #expect(edited.hasIdenticalIDs(to: literal))
  }

  @Test func copiesAreIndependent() {
    let rows = (0..<2000).map { Row(id: $0) }
    let original = IdentifiedArrayOf(uniqueElements: rows)
    let structuralChanges: [(inout IdentifiedArrayOf<Row>) -> Void] = [
      { $0.remove(id: 6) },
      { $0.remove(at: 1999) },
      { $0.append(Row(id: 2000)) },
      { $0.insert(Row(id: -1), at: 700) },
      { $0.move(from: 0, to: 1500) },
      { $0.move(fromOffsets: [3, 4], toOffset: 0) },
      { $0.sort { $0.id > $1.id } },
      { $0.removeAll { $0.id.isMultiple(of: 3) } },
      { $0[id: 7]?.id = 7000 },
      { $0[id: 8] = nil },
    ]
    let messages = issues {
      for change in structuralChanges {
        var copy = original
        change(&copy)
        #expect(!copy.hasIdenticalIDs(to: original))
        #expect(copy != original)
        expectConsistentStorage(copy)
      }
      var edited = original
      edited[id: 5]?.value = 1
      edited.updateOrAppend(Row(id: 6, value: 2))
      #expect(edited.hasIdenticalIDs(to: original))
      #expect(edited[id: 5]?.value == 1 && edited[id: 6]?.value == 2)
    }
    #expect(
      messages == [
        "IdentifiedArray[id: 7]: an in-place edit changed the element's id to 7000; it stays at "
          + "index 7 under its new id"
      ])
    #expect(original.elements == rows)
    expectConsistentStorage(original)

    // Operations that change nothing leave the shared id storage shared.
    var unchanged = original
    let duplicateMessages = issues {
      unchanged.append(Row(id: 3))
      unchanged.remove(id: -5)
    }
    #expect(
      duplicateMessages == ["IdentifiedArray: duplicate id 3 already at index 3; not inserted"])
    #expect(unchanged.hasIdenticalIDs(to: original))
  }

  @Test func idsRemovedFastAndSlowPaths() {
    var array = IdentifiedArrayOf(uniqueElements: rows(1, 2, 3, 4))
    let old = array
    let oldIDs = array.ids
    array[id: 2]?.value = 7
    #expect(array.hasIdenticalIDs(to: old))
    #expect(array.idsRemoved(comparedTo: old).isEmpty)
    array.remove(id: 3)
    array.remove(id: 1)
    array.append(Row(id: 5))
    #expect(!array.hasIdenticalIDs(to: old))
    #expect(array.idsRemoved(comparedTo: old) == [1, 3])
    #expect(array.idsRemoved(comparedTo: oldIDs) == [1, 3])
    #expect(old.idsRemoved(comparedTo: array) == [5])
  }

  @Test func descriptions() {
    let array: IdentifiedArrayOf<Row> = [Row(id: 1), Row(id: 2, value: 3)]
    #expect(array.description == "[1: Row(id: 1, value: 0), 2: Row(id: 2, value: 3)]")
    #expect(array.debugDescription.hasPrefix("IdentifiedArray([1: "))
    #expect(IdentifiedArrayOf<Row>().description == "[]")
  }

  @Test func iterationFollowsOrderAcrossChunks() {
    var array = IdentifiedArrayOf(uniqueElements: (0..<3000).map { Row(id: $0) })
    for id in stride(from: 0, to: 3000, by: 2) { array.move(id: id, to: 0) }
    let expected =
      Array(stride(from: 2998, through: 0, by: -2)) + Array(stride(from: 1, to: 3000, by: 2))
    #expect(array.map(\.id) == expected)
    #expect(Array(array.ids) == expected)
    #expect(array.indices.map { array[$0].id } == expected)
    expectConsistentStorage(array)
  }

  @Test func chunksEmptyAndMergeAsElementsLeave() {
    var array = IdentifiedArrayOf(uniqueElements: (0..<1500).map { Row(id: $0) })
    // The middle chunk (ids 512..<1024) sits between two large ones: it cannot merge and empties.
    for id in 512..<1024 { array.remove(id: id) }
    #expect(array.order.chunks.count == 2)
    #expect(Array(array.ids) == Array(0..<512) + Array(1024..<1500))
    expectConsistentStorage(array)
    // Thinning both chunks lets them merge.
    for id in Array(array.ids) where id % 10 != 0 { array.remove(id: id) }
    #expect(array.order.chunks.count == 1)
    #expect(
      Array(array.ids) == stride(from: 0, to: 1500, by: 10).filter { !(512..<1024).contains($0) })
    expectConsistentStorage(array)
  }

  /// Thousands of random operations against a plain array; every step checks order, lookups by
  /// id and positions. The size swings between a few and a few thousand elements, so chunks
  /// split, merge and empty.
  @Test func matchesAnArrayModelUnderRandomOperations() {
    var generator = SplitMix64(state: 0x5EED)
    var model = (0..<1500).map { Row(id: $0) }
    var array = IdentifiedArrayOf(uniqueElements: model)
    var nextID = 1500
    func makeRow(_ step: Int) -> Row {
      defer { nextID += 1 }
      return Row(id: nextID, value: step % 7)
    }
    let targetSizes = [2600, 300, 1800, 20, 1000]
    let messages = issues {
      for step in 0..<4000 {
        let growing = model.count < targetSizes[step / 800]
        let roll = Int.random(in: 0..<20, using: &generator)
        if model.isEmpty || (growing && roll < 6) {
          let position = Int.random(in: 0...model.count, using: &generator)
          let row = makeRow(step)
          #expect(array.insert(row, at: position) == (true, position))
          model.insert(row, at: position)
        } else if growing && roll < 8 {
          let row = makeRow(step)
          array[id: row.id] = row
          model.append(row)
        } else if growing && roll == 8 {
          let burst = (0..<40).map { _ in makeRow(step) }
          array.append(contentsOf: burst)
          model += burst
        } else if !growing && (roll == 8 || (roll == 9 && step.isMultiple(of: 10))) {
          // Removing one in twelve goes one by one; one in three rebuilds.
          let odds = roll == 8 ? 12 : 3
          let doomed = Set(
            model.lazy.map(\.id).filter { _ in Int.random(in: 0..<odds, using: &generator) == 0 })
          array.removeAll { doomed.contains($0.id) }
          model.removeAll { doomed.contains($0.id) }
        } else if roll < 12 {
          let position = Int.random(in: 0..<model.count, using: &generator)
          if roll.isMultiple(of: 2) {
            #expect(array.remove(id: model[position].id) == model[position])
          } else {
            #expect(array.remove(at: position) == model[position])
          }
          model.remove(at: position)
        } else if roll < 15 {
          let source = Int.random(in: 0..<model.count, using: &generator)
          let destination = Int.random(in: 0..<model.count, using: &generator)
          if roll == 12 {
            array.move(from: source, to: destination)
          } else {
            array.move(id: model[source].id, to: destination)
          }
          model.insert(model.remove(at: source), at: destination)
        } else if roll == 15 && step.isMultiple(of: 8) {
          let offsets = Set((0..<3).map { _ in Int.random(in: 0..<model.count, using: &generator) })
          let destination = Int.random(in: 0...model.count, using: &generator)
          array.move(fromOffsets: offsets, toOffset: destination)
          let indices = model.indices
          let reordered =
            indices[..<destination].filter { !offsets.contains($0) }
            + indices.filter { offsets.contains($0) }
            + indices[destination...].filter { !offsets.contains($0) }
          model = reordered.map { model[$0] }
        } else if roll == 16 && step.isMultiple(of: 8) {
          let inIncreasingOrder = { (a: Row, b: Row) in (a.value, a.id) < (b.value, b.id) }
          array.sort(by: inIncreasingOrder)
          model.sort(by: inIncreasingOrder)
        } else {
          let position = Int.random(in: 0..<model.count, using: &generator)
          array[id: model[position].id]?.value += 1
          model[position].value += 1
        }
        #expect(array.elements == model)
        for _ in 0..<4 where !model.isEmpty {
          let position = Int.random(in: 0..<model.count, using: &generator)
          #expect(array[position] == model[position])
          #expect(array.index(id: model[position].id) == position)
        }
        if step.isMultiple(of: 100) {
          #expect(model.allSatisfy { array[id: $0.id] == $0 })
          #expect(array.ids.elementsEqual(model.map(\.id)))
          expectConsistentStorage(array)
        }
      }
    }
    #expect(messages.isEmpty)
    #expect(model.allSatisfy { array[id: $0.id] == $0 })
    #expect(model.indices.allSatisfy { array.index(id: model[$0].id) == $0 })
    expectConsistentStorage(array)
  }
}

/// TCA's `filter` (an identified array) and `remove(atOffsets:)`, against a plain array model.
@Suite struct IdentifiedArrayFilteringTests {
  struct Row: Identifiable, Equatable, Sendable {
    let id: Int
    var value: Int
  }

  @Test func filterKeepsOrderAndIdentity() {
    let rows: IdentifiedArrayOf<Row> = IdentifiedArray(uniqueElements: (0..<100).map { Row(id: $0, value: $0 % 7) })
    let kept: IdentifiedArrayOf<Row> = rows.filter { $0.value == 3 }
    #expect(Array(kept) == Array(rows).filter { $0.value == 3 })
    #expect(kept[id: 3]?.value == 3)
    #expect(kept[id: 4] == nil)
  }

  @Test func removeAtOffsetsMatchesAnArrayOverSeededCases() async {
    var random = SplitMix64(state: 7)
    for _ in 0..<2_000 {
      let count = Int(random.next() % 40)
      var model = (0..<count).map { Row(id: $0 * 3, value: $0) }
      var rows = IdentifiedArray(uniqueElements: model)
      // Some offsets fall outside the array: reported and ignored.
      let offsets = (0..<Int(random.next() % 12)).map { _ in Int(random.next() % UInt64(count + 4)) - 2 }
      let valid = Set(offsets.filter { (0..<count).contains($0) })
      for offset in valid.sorted(by: >) { model.remove(at: offset) }
      let issues = await capturingIssues { rows.remove(atOffsets: offsets) }
      #expect(Array(rows) == model)
      #expect(Set(rows.ids) == Set(model.map(\.id)))
      #expect(issues.messages.count == (valid.count == Set(offsets).count ? 0 : 1))
    }
  }

  @Test func anOffsetOutsideTheArrayIsReportedAndNothingIsLost() async {
    var rows: IdentifiedArrayOf<Row> = IdentifiedArray(uniqueElements: (0..<3).map { Row(id: $0, value: $0) })
    let issues = await capturingIssues { rows.remove(atOffsets: [1, 5, -1]) }
    #expect(rows.map(\.id) == [0, 2])
    #expect(issues.messages.count == 1)
    #expect(issues.messages.first?.contains("5, -1") == true)
  }

  @Test func emptyReducerChangesNothing() {
    var state = 4
    let effect = EmptyReducer<Int, Int>().reduce(into: &state, action: 1)
    #expect(state == 4)
    if case .none = effect.operation {} else { Issue.record("expected .none") }
  }
}
