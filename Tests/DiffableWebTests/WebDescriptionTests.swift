import DiffableCore
import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

/// What `print` shows for the browser renderer's values: their JSON form,
/// which reads back as the same value.
@Suite("Printed web values")
struct WebDescriptionTests {
  @Test("messages print as one line of their JSON form, which decodes to the same message")
  func messages() throws {
    let snapshot = StringSnapshot.make([("fruits", ["apple", "pear"])])
    let reload = try WebReloadMessage(list: "main", seq: 1, snapshot: snapshot) { item, _ in
      WebCell(item.capitalized)
    }
    let server = WebServerMessage.reload(reload)
    let printed = "\(server)"
    #expect(!printed.contains("\n"))
    #expect(printed.hasPrefix(#"{"cells":{"apple":{"text":"Apple"}"#))
    #expect(try WebServerMessage(jsonData: Data(printed.utf8)) == server)
    #expect("\(reload)" == printed)
    let client = WebClientMessage.tap(list: "main", item: "apple")
    #expect("\(client)" == #"{"item":"apple","list":"main","type":"tap","v":1}"#)
    #expect(try WebClientMessage(jsonData: Data("\(client)".utf8)) == client)
  }

  @Test("values inside messages print as their JSON form too")
  func values() {
    #expect("\(WebSize(width: 390, height: 844))" == "[390,844]")
    #expect("\(WebRect(x: 0, y: 44, width: 195, height: 211.5))" == "[0,44,195,211.5]")
    #expect("\(WebInput(name: "search", value: "kings"))" == #"input "search" = "kings""#)
  }
}
