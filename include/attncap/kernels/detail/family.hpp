// SPDX-License-Identifier: MIT
/// @file
/// What every kernel family shares, written once against the family's traits: the kernel entry
/// per configuration (the unit of instantiation), the dense dispatch table, the runtime call with
/// its `kernel_unsupported` message, and the static variant with its two compile errors.
#pragma once

#include <array>
#include <attncap/kernels/dispatch.hpp>
#include <attncap/kernels/kernel_space.hpp>
#include <attncap/kernels/shapes.hpp>
#include <attncap/vocabulary/dtype.hpp>
#include <cstddef>
#include <string>
#include <type_traits>
#include <utility>

namespace attncap::kernels::detail {

/// A value of a kernel key in words: an int, a dtype, or a (qk, v) pair.
inline std::string to_text(int v) { return std::to_string(v); }
inline std::string to_text(dtype t) { return std::string(to_string(t)); }
inline std::string to_text(const std::array<int, 2>& v) {
  std::string s = "(";
  s += to_text(v[0]);
  s += ", ";
  s += to_text(v[1]);
  s += ')';
  return s;
}

/// "{a, b, c}" from a list of key values.
template <class List>
std::string join(const List& xs) {
  std::string s = "{";
  for (const auto& x : xs) {
    if (s.size() > 1) s += ", ";
    s += to_text(x);
  }
  s += '}';
  return s;
}

/// Appends "name<between>text(value)" for each (name, value) pair, comma-separated.
template <class Text>
void append_named(std::string&, const char*, Text) {}
template <class Text, class T, class... Rest>
void append_named(std::string& s, const char* between, Text text, const char* name, const T& value,
                  const Rest&... rest) {
  s += name;
  s += between;
  s += text(value);
  if constexpr (sizeof...(Rest) > 0) s += ", ";
  append_named(s, between, text, rest...);
}

/// "name1 {..}, name2 {..}": the lists of a kernel space, as an error message names them.
template <class... Args>
std::string lists(const Args&... name_list) {
  std::string s;
  append_named(
      s, " ", [](const auto& list) { return join(list); }, name_list...);
  return s;
}

/// "(name1=v1, name2=v2)": a requested key.
template <class... Args>
std::string fields(const Args&... name_value) {
  std::string s = "(";
  append_named(
      s, "=", [](const auto& value) { return to_text(value); }, name_value...);
  s += ')';
  return s;
}

/// Names the rejected static request (family and key) in the compiler's error.
template <class Family, auto Config>
struct kernel_not_available;

/// The shared part of kernel family F. F (the traits) provides:
/// * `params`, `space` (whose `configs` lists the compiled keys), `slots` and `slot(key)`: the
///   dense table index, `slots` for a key outside it;
/// * `key(params)`: the key a validated problem asks for; `validate(api, params)`: the shape checks;
/// * `template <key> run(params)`: runs a validated problem on that key's kernel;
/// * `check(key)`, `request(key)`, `family_set()`, `build_set()`, `knobs`, `key_names`: what an
///   unavailable key is told;
/// * optionally `find(table, key)`: the kernel of a key that needs more than its slot.
template <class F>
struct kernel_family {
  using params = typename F::params;
  using key_type = std::remove_cvref_t<decltype(F::key(std::declval<const params&>()))>;
  using fn = void (*)(const params&);
  static constexpr const auto& configs = F::space::configs;
  static_assert(configs.size() <= ATTNCAP_KERNELS_MAX_CONFIGS,
                "attncap::kernels: a kernel family declares more configurations than ATTNCAP_KERNELS_MAX_CONFIGS");

  /// Kernel number I of the family's configs. I past the end is an empty function, so shards can
  /// instantiate a fixed index range (ATTNCAP_DETAIL_KERNEL_INSTANCES).
  template <std::size_t I>
  static void entry(const params& p) {
    if constexpr (I < configs.size()) {
      F::template run<configs[I]>(p);
    } else {
      (void)p;
    }
  }

  /// table[F::slot(key)]: the kernel, or nullptr; the last entry stays nullptr for keys outside.
  /// Two configurations in one slot, or one outside the table, make `table` fail to compile.
  template <std::size_t... I>
  static constexpr std::array<fn, F::slots + 1> make_table(std::index_sequence<I...>) {
    std::array<fn, F::slots + 1> t{};
    (place(t, F::slot(configs[I]), &entry<I>), ...);
    return t;
  }
  static constexpr void place(std::array<fn, F::slots + 1>& t, std::size_t slot, fn kernel) {
    // A throw is not a constant expression: reached while building `table`, it stops the build.
    if (slot >= F::slots) throw "a compiled configuration has no dispatch slot";
    if (t[slot] != nullptr) throw "two compiled configurations share a dispatch slot";
    t[slot] = kernel;
  }
  static constexpr std::array<fn, F::slots + 1> table = make_table(std::make_index_sequence<configs.size()>{});

  /// The error for an unavailable key of `api`: the request, the reason, both sets.
  static kernel_unsupported unsupported(const char* api, const auto& key) {
    const support why = F::check(key);
    std::string msg = std::string("attncap::kernels::") + api + ": no kernel for " + F::request(key) + ": " +
                      std::string(describe(why));
    if (why == support::excluded_by_build) msg += std::string(" (add it to ") + F::knobs + ")";
    msg += ". Kernel family: " + F::family_set() + ". Compiled in this build: " + F::build_set() + ".";
    return kernel_unsupported(msg, why);
  }

  /// Validates `p` (shape_error), then runs it on its key's kernel in O(1) (kernel_unsupported
  /// when this build has none).
  static void call(const char* api, const params& p) {
    F::validate(api, p);
    const auto key = F::key(p);
    const fn kernel = find(key);
    if (kernel == nullptr) throw unsupported(api, key);
    kernel(p);
  }

  /// The kernel for `key`: `F::find(table, key)` where F routes keys itself, else the key's slot.
  static fn find(const auto& key) noexcept {
    if constexpr (requires { F::find(table, key); })
      return F::find(table, key);
    else
      return table[F::slot(key)];
  }

  /// The static variant's run time: validates `p` and checks that it asks for Key. The caller has
  /// stated the compile errors (ATTNCAP_DETAIL_STATIC_KERNEL_CHECK).
  template <auto Key>
  static void call_static(const char* api, const params& p) {
    if constexpr (F::check(Key) == support::ok) {
      validate_for(api, p, Key, "the template arguments");
      if constexpr (index_of(Key) < configs.size())
        entry<index_of(Key)>(p);
      else
        find(Key)(p);  // a supported key without an entry of its own (see F::find)
    } else {
      (void)sizeof(kernel_not_available<F, Key>);
    }
  }

  /// Validates `p` (shape_error) and checks that it asks for `key`, which `whose` names.
  static void validate_for(const char* api, const params& p, const key_type& key, const char* whose) {
    F::validate(api, p);
    if (!(F::key(p) == key))
      reject(api, std::string("the problem's ") + F::key_names + " " + F::request(F::key(p)) + " does not match " +
                      whose + " " + F::request(key));
  }

 private:
  static constexpr std::size_t index_of(const auto& key) {
    for (std::size_t i = 0; i < configs.size(); ++i)
      if (configs[i] == key) return i;
    return configs.size();
  }
};

/// A kernel of `Kernels` (a kernel_family) looked up once for a key, for a caller that runs the
/// same key again and again; the public classes (decode_kernel, ...) name the family's API.
template <class Kernels>
class resolved_kernel {
 public:
  using params = typename Kernels::params;
  using key_type = typename Kernels::key_type;
  /// The key this kernel runs.
  const key_type& key() const noexcept { return key_; }
  /// Validates `p` (shape_error) and that it asks for key(), then runs it: no table lookup.
  void operator()(const params& p) const {
    Kernels::validate_for(api_, p, key_, "the resolved kernel's");
    kernel_(p);
  }

 protected:
  /// Looks `key` up for `api`; throws kernel_unsupported (the request, the reason, both sets)
  /// when this build has no kernel for it.
  resolved_kernel(const char* api, const key_type& key) : api_(api), kernel_(Kernels::find(key)), key_(key) {
    if (kernel_ == nullptr) throw Kernels::unsupported(api, key);
  }

 private:
  const char* api_;
  typename Kernels::fn kernel_;
  key_type key_;
};

}  // namespace attncap::kernels::detail

/// The two compile errors of a family's static variant, in its words (string literals): `Api`
/// names the call, `Key` the key's fields, `Family` the family, `Knobs` the settings that add a key.
#define ATTNCAP_DETAIL_STATIC_KERNEL_CHECK(Support, Api, Key, Family, Knobs)                          \
  static_assert((Support) != ::attncap::kernels::support::unsupported_by_family,                      \
                "attncap::kernels::" Api ": the " Family " kernel family has no kernel for this " Key \
                "; see attncap::kernels::" Family "_space_t::family_*");                              \
  static_assert((Support) != ::attncap::kernels::support::excluded_by_build,                          \
                "attncap::kernels::" Api ": this " Key " is not compiled in this build; add it to " Knobs)
