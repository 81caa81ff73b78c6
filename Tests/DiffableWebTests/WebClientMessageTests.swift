import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@Suite("The client's messages, and the server's error and pong")
struct WebClientMessageTests {
  @Test(
    "the note's examples decode, and encode back to the same JSON",
    arguments: [
      (
        #"{"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844.5}, "lists": {}}"#,
        WebClientMessage.ready(viewport: WebViewport(width: 390, height: 844.5))
      ),
      (
        #"""
        {"v": 1, "type": "ready", "viewport": {"width": 390, "height": 844},
         "lists": {"main": {"width": 390, "height": 600, "x": 0, "y": 120.5}}}
        """#,
        .ready(
          viewport: WebViewport(width: 390, height: 844),
          lists: ["main": WebListViewport(width: 390, height: 600, x: 0, y: 120.5)])
      ),
      (
        #"{"v": 1, "type": "viewport", "list": "main", "width": 390, "height": 600, "x": 0, "y": 880}"#,
        .viewport(list: "main", WebListViewport(width: 390, height: 600, x: 0, y: 880))
      ),
      (
        #"{"v": 1, "type": "input", "name": "search", "value": "kings"}"#,
        .input(WebInput(name: "search", value: "kings"))
      ),
      (
        #"{"v": 1, "type": "tap", "list": "main", "item": "apple"}"#,
        .tap(list: "main", item: "apple")
      ),
      (
        #"{"v": 1, "type": "action", "list": "main", "item": "apple", "name": "add"}"#,
        .action(list: "main", item: "apple", name: "add")
      ),
      (#"{"v": 1, "type": "ack", "list": "main", "seq": 2}"#, .ack(list: "main", seq: 2)),
      (
        #"{"v": 1, "type": "resync", "list": "main", "reason": "rule 4: ..."}"#,
        .resync(list: "main", reason: "rule 4: ...")
      ),
      (#"{"v": 1, "type": "ping", "id": 12}"#, .ping(id: 12)),
      (
        #"{"v": 1, "type": "measure", "list": "main", "sizes": {"apple": [390, 61.5]}}"#,
        .measure(list: "main", sizes: ["apple": WebSize(width: 390, height: 61.5)])
      ),
      (
        #"{"v": 1, "type": "measure", "list": "main", "sizes": {}}"#,
        .measure(list: "main", sizes: [:])
      ),
      (
        #"{"v": 1, "type": "band", "list": "main", "section": "food", "offset": 120.5}"#,
        .band(list: "main", section: "food", offset: 120.5)
      ),
      (
        #"{"v": 1, "type": "band", "list": "main", "section": "[2]", "offset": 0}"#,
        .band(list: "main", section: "[2]", offset: 0)
      ),
      (
        #"{"v": 1, "type": "move", "list": "main", "item": "apple", "section": "food", "before": "pear"}"#,
        .move(list: "main", item: "apple", section: "food", before: "pear")
      ),
      (
        #"{"v": 1, "type": "move", "list": "main", "item": "apple", "section": "food", "before": null}"#,
        .move(list: "main", item: "apple", section: "food", before: nil)
      ),
      (
        #"{"v": 1, "type": "move", "list": "main", "item": "apple", "section": "food"}"#,
        .move(list: "main", item: "apple", section: "food", before: nil)
      ),
    ])
  func examples(text: String, message: WebClientMessage) throws {
    let decoded = try WebClientMessage(jsonData: Data(text.utf8))
    #expect(decoded == message)
    #expect(try WebClientMessage(jsonData: message.jsonData()) == message)
  }

  @Test(
    "malformed client messages are refused",
    arguments: [
      #"{"v": 1, "type": "ready", "viewport": {"width": -1, "height": 3}, "lists": {}}"#,
      #"{"v": 1, "type": "ready", "viewport": {"width": 1}, "lists": {}}"#,
      #"{"v": 1, "type": "ready", "viewport": {"width": 1, "height": 1}}"#,
      #"{"v": 1, "type": "ready", "viewport": {"width": 1, "height": 1}, "lists": {"a": {}}}"#,
      #"{"v": 1, "type": "viewport", "list": "main", "width": 390, "height": 600, "x": 0}"#,
      #"{"v": 1, "type": "viewport", "list": "main", "width": -1, "height": 600, "x": 0, "y": 0}"#,
      #"{"v": 1, "type": "viewport", "list": "main", "width": 1, "height": 1, "x": 0, "y": 0, "z": 0}"#,
      #"{"v": 1, "type": "input", "name": "search"}"#,
      #"{"v": 1, "type": "input", "name": "search", "value": 3}"#,
      #"{"v": 1, "type": "tap", "list": "main", "item": 7}"#,
      #"{"v": 1, "type": "tap", "list": "main"}"#,
      #"{"v": 1, "type": "ack", "list": "main", "seq": -1}"#,
      #"{"v": 1, "type": "ack", "list": 3, "seq": 1}"#,
      #"{"v": 1, "type": "resync", "list": "main"}"#,
      #"{"v": 1, "type": "ping", "id": "x"}"#,
      #"{"v": 1, "type": "measure", "list": "main"}"#,
      #"{"v": 1, "type": "measure", "list": "main", "sizes": {"a": [1]}}"#,
      #"{"v": 1, "type": "measure", "list": "main", "sizes": {"a": [1, -1]}}"#,
      #"{"v": 1, "type": "measure", "list": "main", "sizes": {"a": [100001, 1]}}"#,
      #"{"v": 1, "type": "measure", "list": "main", "sizes": {"a": [1, 1e999]}}"#,
      #"{"v": 1, "type": "measure", "list": "main", "sizes": {"a": "tall"}}"#,
      #"{"v": 1, "type": "measure", "list": "main", "sizes": {}, "seq": 1}"#,
      #"{"v": 1, "type": "band", "list": "main", "section": "food", "offset": -1}"#,
      #"{"v": 1, "type": "band", "list": "main", "section": "food", "offset": 1e999}"#,
      #"{"v": 1, "type": "band", "list": "main", "section": "food", "offset": "far"}"#,
      #"{"v": 1, "type": "band", "list": "main", "section": "food"}"#,
      #"{"v": 1, "type": "band", "list": "main", "section": 3, "offset": 1}"#,
      #"{"v": 1, "type": "band", "list": "main", "section": "a", "offset": 1, "x": 0}"#,
      #"{"v": 1, "type": "move", "list": "main", "item": "a", "before": "b"}"#,
      #"{"v": 1, "type": "move", "list": "main", "section": "s", "before": "b"}"#,
      #"{"v": 1, "type": "move", "list": "main", "item": 1, "section": "s", "before": "b"}"#,
      #"{"v": 1, "type": "move", "list": "main", "item": "a", "section": "s", "before": 2}"#,
      #"{"v": 1, "type": "move", "list": "main", "item": "a", "section": "s", "to": 2}"#,
      #"{"type": "ping", "id": 1}"#,
      #"{"v": 1, "type": "reload", "list": "main", "seq": 1, "sections": [], "cells": {}}"#,
      #"[1, 2]"#,
    ])
  func refused(text: String) {
    #expect(throws: DecodingError.self) { try WebClientMessage(jsonData: Data(text.utf8)) }
  }

  @Test("visible is written as the note writes it, and read back")
  func visible() throws {
    let message = WebServerMessage.visible(
      WebVisibleMessage(
        list: "main", seq: 4,
        items: [
          "pear": WebVisibleItem(
            alpha: 0.5, transform: WebTransform(a: 0.8, b: 0, c: 0, d: 0.8, tx: 0, ty: -2),
            zIndex: 1, isHidden: false, frame: WebRect(x: 10, y: 40, width: 100, height: 80)),
          "apple": WebVisibleItem(isHidden: true),
        ]))
    #expect(
      String(decoding: try message.jsonData(), as: UTF8.self)
        == #"{"items":{"apple":{"alpha":1,"hidden":true,"transform":[1,0,0,1,0,0],"zIndex":0},"#
        + #""pear":{"alpha":0.5,"frame":[10,40,100,80],"hidden":false,"#
        + #""transform":[0.8,0,0,0.8,0,-2],"zIndex":1}},"list":"main","seq":4,"#
        + #""type":"visible","v":1}"#)
    #expect(try WebServerMessage(jsonData: message.jsonData()) == message)
    #expect("\(message)" == String(decoding: try message.jsonData(), as: UTF8.self))
    #expect("\(WebTransform.identity)" == "[1,0,0,1,0,0]")
    #expect(
      "\(WebVisibleItem(alpha: 0.25))"
        == #"{"alpha":0.25,"hidden":false,"transform":[1,0,0,1,0,0],"zIndex":0}"#)
  }

  @Test(
    "malformed visible messages are refused",
    arguments: [
      #"{"v": 1, "type": "visible", "list": "main", "seq": 1}"#,
      #"{"v": 1, "type": "visible", "list": "main", "seq": -1, "items": {}}"#,
      #"{"v": 1, "type": "visible", "list": "main", "seq": 1, "items": {"a": {}}}"#,
      #"{"v": 1, "type": "visible", "list": "main", "seq": 1, "items": {"a": {"alpha": 2, "hidden": false, "transform": [1, 0, 0, 1, 0, 0], "zIndex": 0}}}"#,
      #"{"v": 1, "type": "visible", "list": "main", "seq": 1, "items": {"a": {"alpha": 1, "hidden": false, "transform": [1, 0, 0, 1, 0], "zIndex": 0}}}"#,
      #"{"v": 1, "type": "visible", "list": "main", "seq": 1, "items": {"a": {"alpha": 1, "hidden": false, "transform": [1, 0, 0, 1, 0, 1e999], "zIndex": 0}}}"#,
      #"{"v": 1, "type": "visible", "list": "main", "seq": 1, "items": {"a": {"alpha": 1, "hidden": 0, "transform": [1, 0, 0, 1, 0, 0], "zIndex": 0}}}"#,
      #"{"v": 1, "type": "visible", "list": "main", "seq": 1, "items": {"a": {"alpha": 1, "hidden": false, "transform": [1, 0, 0, 1, 0, 0], "zIndex": 0, "frame": [1]}}}"#,
      #"{"v": 1, "type": "visible", "list": "main", "seq": 1, "items": {"a": {"alpha": 1, "hidden": false, "transform": [1, 0, 0, 1, 0, 0], "zIndex": 0, "scale": 1}}}"#,
    ])
  func visibleRefused(text: String) {
    #expect(throws: DecodingError.self) { try WebServerMessage(jsonData: Data(text.utf8)) }
  }

  @Test("error and pong are written as the note writes them, and read back")
  func errorAndPong() throws {
    let error = WebServerMessage.error(message: "unknown list \"x\"")
    let pong = WebServerMessage.pong(id: 12)
    #expect(
      String(decoding: try error.jsonData(), as: UTF8.self)
        == #"{"message":"unknown list \"x\"","type":"error","v":1}"#)
    #expect(
      String(decoding: try pong.jsonData(), as: UTF8.self) == #"{"id":12,"type":"pong","v":1}"#)
    #expect(try WebServerMessage(jsonData: error.jsonData()) == error)
    #expect(try WebServerMessage(jsonData: pong.jsonData()) == pong)
    #expect(throws: DecodingError.self) {
      try WebServerMessage(jsonData: Data(#"{"v": 1, "type": "pong", "id": 1, "x": 0}"#.utf8))
    }
  }

  @Test("refused is written as the note writes it, and read back")
  func refusedMessage() throws {
    let refused = WebServerMessage.refused(list: "main", item: "apple", reason: "no")
    #expect(
      String(decoding: try refused.jsonData(), as: UTF8.self)
        == #"{"item":"apple","list":"main","reason":"no","type":"refused","v":1}"#)
    #expect(try WebServerMessage(jsonData: refused.jsonData()) == refused)
    #expect(throws: DecodingError.self) {
      try WebServerMessage(
        jsonData: Data(#"{"v": 1, "type": "refused", "list": "main", "item": "a"}"#.utf8))
    }
  }

  @Test("a cell's fixed is true or false")
  func fixedCell() throws {
    func cell(_ json: String) throws -> WebCell {
      try JSONDecoder().decode(WebCell.self, from: Data(json.utf8))
    }
    let fixed = try cell(#"{"text": "a", "fixed": true}"#)
    #expect(fixed != WebCell("a"))
    #expect(String(decoding: try JSONEncoder().encode(fixed), as: UTF8.self).contains("fixed"))
    #expect(try cell(#"{"text": "a", "fixed": false}"#) == WebCell("a"))
    #expect(throws: DecodingError.self) { try cell(#"{"text": "a", "fixed": "yes"}"#) }
  }
}
