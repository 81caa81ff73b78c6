import DemoScreens
import Diffable
import Foundation
import Testing

/// The mountain search's data and model, without a terminal.
@Suite("Mountain search")
struct MountainSearchTests {
  static let mountains: [Mountain] = {
    do { return try Mountain.bundled() } catch { fatalError("\(error)") }
  }()

  // MARK: The data

  @Test("ships at least 100 mountains with unique names and plausible heights")
  func data() {
    #expect(Self.mountains.count >= 100)
    #expect(Set(Self.mountains.map(\.name)).count == Self.mountains.count)
    for mountain in Self.mountains {
      #expect((1_000...8_849).contains(mountain.height), "\(mountain.name)")
      #expect(!mountain.location.isEmpty)
    }
  }

  @Test("the eight-thousanders and the seven summits are there with their heights")
  func landmarks() {
    let heights = Dictionary(uniqueKeysWithValues: Self.mountains.map { ($0.name, $0.height) })
    let known: [String: Int] = [
      "Mount Everest": 8849, "K2": 8611, "Kangchenjunga": 8586, "Lhotse": 8516, "Makalu": 8485,
      "Cho Oyu": 8188, "Dhaulagiri": 8167, "Manaslu": 8163, "Nanga Parbat": 8126, "Annapurna": 8091,
      "Gasherbrum I": 8080, "Broad Peak": 8051, "Gasherbrum II": 8035, "Shishapangma": 8027,
      "Aconcagua": 6961, "Denali": 6190, "Kilimanjaro": 5895, "Mount Elbrus": 5642,
      "Mount Vinson": 4892, "Puncak Jaya": 4884, "Mount Kosciuszko": 2228, "Mont Blanc": 4806,
      "Matterhorn": 4478, "Mount Fuji": 3776, "Aoraki / Mount Cook": 3724,
    ]
    for (name, height) in known {
      #expect(heights[name] == height, "\(name)")
    }
    #expect(Self.mountains.filter { $0.height >= 8000 }.count == 14)
  }

  @Test(
    "malformed data lines are refused with the line number",
    arguments: [
      ("K2\t8611", "line 1"),
      ("# header\nK2\teight\tKarakoram", "line 2"),
      ("K2\t8611\tKarakoram\n\nK2\t8611\tKarakoram", "line 3: \"K2\" appears twice"),
      ("\t100\tnowhere", "line 1"),
    ])
  func malformedData(text: String, message: String) {
    #expect {
      try Mountain.parse(text, source: "test.tsv")
    } throws: { error in
      (error as? DemoDataError)?.description.contains("test.tsv, \(message)") == true
    }
  }

  // MARK: The search

  @Test("matches names containing the query, ignoring case and accents, sorted by name")
  func search() {
    let search = MountainSearch(mountains: Self.mountains, order: .name)
    #expect(search.names(matching: "kil") == ["Kilimanjaro"])
    #expect(search.names(matching: "KIL") == ["Kilimanjaro"])
    #expect(search.names(matching: "huascaran") == ["Huascarán"])
    #expect(search.names(matching: "monch") == ["Mönch"])
    #expect(search.names(matching: "zzz") == [])
    #expect(search.names(matching: "").count == Self.mountains.count)
    let ki = search.names(matching: "ki")
    #expect(
      ki == [
        "Aoraki / Mount Cook", "Kilimanjaro", "Kings Peak", "Kita-dake", "Mount Kinabalu",
        "Mount Kirkpatrick", "Mount Taranaki",
      ])
    let k = search.names(matching: "k")
    #expect(k.allSatisfy { $0.lowercased().contains("k") })
    #expect(k == k.sorted { $0.lowercased() < $1.lowercased() })
  }

  @Test("sorting by height puts the highest first; by match, the earliest match first")
  func orders() {
    let byHeight = MountainSearch(mountains: Self.mountains, order: .height).names(matching: "")
    #expect(byHeight.prefix(3) == ["Mount Everest", "K2", "Kangchenjunga"])
    let byMatch = MountainSearch(mountains: Self.mountains, order: .match).names(matching: "ma")
    #expect(byMatch.first == "Machapuchare")
    #expect(byMatch.firstIndex(of: "Makalu")! < byMatch.firstIndex(of: "Kilimanjaro")!)
  }

  @Test("typing a query steps through its prefixes")
  func typing() {
    #expect(MountainSearch.typing("kil") == ["k", "ki", "kil"])
    #expect(MountainSearch.typing("é") == ["é"])
  }

  @Test(
    "every step's batch update is valid and replays to the new list",
    arguments: MountainSearch.Order.allCases)
  func stepsAreValid(order: MountainSearch.Order) throws {
    let search = MountainSearch(mountains: Self.mountains, order: order)
    var previous = search.snapshot(matching: "")
    for query in [
      "m", "mo", "mou", "moun", "mount", "mount ", "mount k", "mount ", "m", "", "a", "an", "and",
    ] {
      let current = search.snapshot(matching: query)
      let batch = BatchUpdate(from: previous, to: current)
      try batch.validate(from: previous, to: current)
      #expect(current.itemIdentifiers == search.names(matching: query))
      previous = current
    }
  }
}
