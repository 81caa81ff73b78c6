import DiffableCore
import DiffableTestSupport
import Foundation
import Testing

@testable import DiffableWeb

@Suite struct WebClientFileTests {
  @Test func theClientsModulesAndStyleSheetsAreListedWithTheirTypes() throws {
    let files = WebClientFile.all
    let names = files.map(\.name)
    #expect(names == names.sorted())
    for name in ["model.js", "connection.js", "batch-plan.js", "messages.js", "identifiers.js"] {
      #expect(names.contains(name), "\(name) in \(names)")
    }
    #expect(!names.contains("README.md"))
    for file in files {
      #expect(WebClientFile.named(file.name) == file)
      #expect(!file.contents.isEmpty)
      #expect(file.etag == WebClientFile.entityTag(of: file.contents))
      #expect(file.contentType == WebClientFile.contentType(ofName: file.name))
    }
    #expect(WebClientFile.contentType(ofName: "page.js") == "text/javascript; charset=utf-8")
    #expect(WebClientFile.contentType(ofName: "diffable.css") == "text/css; charset=utf-8")
    #expect(WebClientFile.contentType(ofName: "README.md") == nil)
    #expect(WebClientFile.named("../WebCell.swift") == nil)
    #expect(WebClientFile.named("client/model.js") == nil)
  }

  @Test func entityTagsChangeWithTheBytesAndMatchIfNoneMatch() throws {
    let tag = WebClientFile.entityTag(of: Data("a".utf8))
    #expect(tag == WebClientFile.entityTag(of: Data("a".utf8)))
    #expect(tag != WebClientFile.entityTag(of: Data("b".utf8)))
    #expect(tag != WebClientFile.entityTag(of: Data()))
    #expect(tag.count == 2 + 16 + 1 + 1)  // quotes, hash, hyphen, length 1
    let file = try #require(WebClientFile(name: "x.js", contents: Data("a".utf8)))
    #expect(file.matches(ifNoneMatch: tag))
    #expect(file.matches(ifNoneMatch: "W/\(tag)"))
    #expect(file.matches(ifNoneMatch: " \"other\" , \(tag)"))
    #expect(file.matches(ifNoneMatch: "*"))
    #expect(!file.matches(ifNoneMatch: "\"other\""))
    #expect(WebClientFile(name: "x.md", contents: Data()) == nil)
  }

  struct Dish: Hashable, Sendable, Encodable { var dish: String }
  struct Secret: Hashable, Sendable { var value: Int }

  @Test func mixedItemsEncodeAsTheirValues() throws {
    let dish = try WebIdentifier(encoding: AnySendableHashable(Dish(dish: "Soup")))
    #expect(dish.text == #"{"dish":"Soup"}"#)
    #expect(try WebIdentifier(encoding: AnySendableHashable("pear")).text == "pear")
    #expect(try WebIdentifier(encoding: AnySendableHashable(42)).integer == 42)
    #expect(throws: EncodingError.self) {
      try WebIdentifier(encoding: AnySendableHashable(Secret(value: 1)))
    }
  }
}
