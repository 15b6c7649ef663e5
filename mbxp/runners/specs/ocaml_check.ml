(* For each file: "ok FILE" if its only top-level item is `module Run () = struct ... end`, else
   "no FILE". Parsed by the compiler's own parser (compiler-libs, the same release as ocamlopt),
   so a program that closes the merge's struct early (and so would run code at the start of every
   program linked with it) is told apart from one that stays inside. *)
let () =
  for i = 1 to Array.length Sys.argv - 1 do
    let file = Sys.argv.(i) in
    let ok =
      try
        let ic = open_in_bin file in
        Fun.protect ~finally:(fun () -> close_in ic) (fun () ->
            let lexbuf = Lexing.from_channel ic in
            Location.init lexbuf file;
            match Parse.implementation lexbuf with
            | [ { Parsetree.pstr_desc =
                    Parsetree.Pstr_module
                      { pmb_name = { txt = Some "Run"; _ };
                        pmb_expr = { pmod_desc = Parsetree.Pmod_functor
                                                   (Parsetree.Unit, { pmod_desc = Parsetree.Pmod_structure _; _ }); _ };
                        _ };
                  _ } ] -> true
            | _ -> false)
      with _ -> false
    in
    print_endline ((if ok then "ok " else "no ") ^ file)
  done
