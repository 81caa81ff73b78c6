import DiffableTestSupport
import DiffableWeb
import Foundation
import Testing

@Suite("The client's messages, and the server's error and pong", .mainActorHeartbeat)
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
      #"{"type": "ping", "id": 1}"#,
      #"{"v": 1, "type": "reload", "list": "main", "seq": 1, "sections": [], "cells": {}}"#,
      #"[1, 2]"#,
    ])
  func refused(text: String) {
    #expect(throws: DecodingError.self) { try WebClientMessage(jsonData: Data(text.utf8)) }
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
}
