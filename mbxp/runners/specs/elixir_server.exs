# mbxp's Elixir compile server (see elixir.py). One request per stdin line, "ID\tDIR\tDIR...";
# the answer is "ID done" once every DIR/main.exs has its DIR/status:
#   ok     DIR/ebin holds the program's modules, with MbxpMain.main/0 running its top-level code
#   alone  the program must run as a script (`elixir main.exs`): compiling it could run its code
#   error  the script would not compile; DIR/log holds the message `elixir main.exs` prints
# The server only compiles: a program qualifies only if compiling it runs none of its own code
# (module bodies of plain definitions, no macros of its own, no compile-time hooks).
defmodule MbxpElixirServer do
  # attributes whose value is only stored, or read as a typespec
  @stored [:doc, :moduledoc, :typedoc, :spec, :type, :typep, :opaque]
  # attributes that make the compiler call code, or change what it reports
  @hooks [:after_compile, :before_compile, :on_definition, :on_load, :compile, :file,
          :external_resource, :derive, :behaviour, :impl, :callback, :macrocallback,
          :optional_callbacks, :enforce_keys, :dialyzer, :deprecated, :vsn]

  def loop do
    case IO.read(:stdio, :line) do
      line when is_binary(line) ->
        [id | dirs] = line |> String.trim_trailing("\n") |> String.split("\t")
        Enum.each(dirs, &handle/1)
        IO.puts("#{id} done")
        # every program adds its names to the atom table, which is never collected: leave before
        # it fills (the pool starts a new server)
        if :erlang.system_info(:atom_count) > div(:erlang.system_info(:atom_limit), 4), do: System.halt(0)
        loop()
      _ -> :ok
    end
  end

  def handle(dir) do
    {status, log} =
      try do
        compile(dir)
      catch
        kind, reason -> {"error", Kernel.CLI.format_error(kind, reason, [])}
      after
        purge()
      end
    if log, do: File.write!(Path.join(dir, "log"), log)
    File.write!(Path.join(dir, "status"), status)
  end

  defp compile(dir) do
    source = File.read!(Path.join(dir, "main.exs"))
    forms =
      case Code.string_to_quoted!(source, file: "main.exs") do
        {:__block__, _, forms} -> forms
        form -> [form]
      end
    {modules, rest} = Enum.split_while(forms, &match?({:defmodule, _, [_, [do: _]]}, &1))
    if Enum.all?(modules, &plain_module?/1) and Enum.all?(rest, &plain_code?/1) and
         not String.contains?(source, ["Logger", "__ENV__", "__CALLER__", "__STACKTRACE__", "Mix"]) do
      ebin = Path.join(dir, "ebin")
      File.mkdir_p!(ebin)
      main = quote do
        defmodule MbxpMain do
          def main do
            {:ok, _} = Application.ensure_all_started(:elixir)
            Kernel.CLI.run(fn _ -> unquote({:__block__, [], rest}) end)
          end
        end
      end
      Enum.reduce(modules ++ [main], [], fn {:defmodule, _, [{:__aliases__, _, [name | _]}, _]} = form, defined ->
        for {module, beam} <- compile_module(form, defined) do
          File.write!(Path.join(ebin, Atom.to_string(module) <> ".beam"), beam)
        end
        [name | defined]
      end)
      {"ok", nil}
    else
      {"alone", nil}
    end
  end

  # Top-level code runs in MbxpMain.main; only a module defined there would compile later.
  # (`__MODULE__` would be MbxpMain there, and nil in the script.)
  defp plain_code?(form),
    do: not mentions?(form, [:defmodule, :unquote, :unquote_splicing, :quote, :__MODULE__])

  # A module that exists already (String, Kernel, ...) would replace it in this VM, and the
  # compiler itself would call the program's code.
  defp plain_module?({:defmodule, _, [{:__aliases__, _, [name | _] = parts}, [do: body]]}) when name != :MbxpMain do
    items = case body do
      {:__block__, _, items} -> items
      item -> [item]
    end
    Enum.all?(parts, &is_atom/1) and :code.which(Module.concat(parts)) == :non_existing and
      Enum.all?(items, &plain_item?/1)
  end
  defp plain_module?(_), do: false

  defp plain_item?({def, _, [_head, _body]} = item) when def in [:def, :defp],
    do: not mentions?(item, [:unquote, :unquote_splicing, :defmodule, :defmacro, :defmacrop])
  defp plain_item?({def, _, [_head]} = item) when def in [:def, :defp],  # a bodiless head (defaults)
    do: not mentions?(item, [:unquote, :unquote_splicing])
  defp plain_item?({:@, _, [{name, _, [value]}]}) when is_atom(name) do
    cond do
      name in @hooks -> false
      name in @stored -> not mentions?(value, [:unquote, :unquote_splicing]) and static_doc?(name, value)
      true -> Macro.quoted_literal?(value)
    end
  end
  defp plain_item?({use, _, [{:__aliases__, _, _} | opts]}) when use in [:import, :alias, :require],
    do: Enum.all?(opts, &Macro.quoted_literal?/1)
  defp plain_item?(_), do: false

  # A doc's value is evaluated when the module compiles: only literals and uninterpolated sigils.
  defp static_doc?(name, value) when name in [:doc, :moduledoc, :typedoc],
    do: Macro.quoted_literal?(value) or match?({:sigil_S, _, [{:<<>>, _, [s]}, []]} when is_binary(s), value)
  defp static_doc?(_, _), do: true

  defp mentions?(ast, names) do
    {_, found} = Macro.prewalk(ast, false, fn
      {name, _, _} = node, acc when is_atom(name) -> {node, acc or name in names}
      node, acc -> {node, acc}
    end)
    found
  end

  # The test's checker module is the same in most programs, at the same line in many, and costs
  # most of a compile: a module is compiled once per server when its beam can only depend on its
  # own text (its exact AST, lines included): it names no module defined before it in the program,
  # and imports, aliases and requires nothing.
  defp compile_module(form, defined) do
    cache = Process.get(:mbxp_cache, %{})
    reusable = not mentions?(form, [:import, :alias, :require, :use]) and
      not Enum.any?(aliases(form), &(&1 in defined))
    compiled =
      case reusable and Map.fetch(cache, form) do
        {:ok, compiled} ->
          for {module, beam} <- compiled, do: {:module, _} = :code.load_binary(module, 'main.exs', beam)
          compiled
        _ ->
          compiled = Code.compile_quoted(form, "main.exs")
          if reusable, do: Process.put(:mbxp_cache, Map.put(if(map_size(cache) < 100, do: cache, else: %{}), form, compiled))
          compiled
      end
    Process.put(:mbxp_loaded, Keyword.keys(compiled) ++ Process.get(:mbxp_loaded, []))
    compiled
  end

  defp aliases(ast) do
    {_, found} = Macro.prewalk(ast, [], fn
      {:__aliases__, _, [name | _]} = node, acc -> {node, [name | acc]}
      node, acc -> {node, acc}
    end)
    found
  end

  # The next program defines the same modules: forget this one's.
  defp purge do
    for module <- Process.get(:mbxp_loaded, []) do
      :code.purge(module)
      :code.delete(module)
      :code.purge(module)
    end
    Process.put(:mbxp_loaded, [])
  end
end

MbxpElixirServer.loop()
