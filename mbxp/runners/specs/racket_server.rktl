;; mbxp's Racket compile server (see racket.py and compile_server.py): for each DIR of a request,
;; DIR/main.rkt is compiled, as `racket main.rkt` would compile it in memory, to
;; DIR/compiled/main_rkt.zo, which `racket main.rkt` then loads instead of compiling. Top-level
;; expressions for `racket -l racket/base -l racket/file -l racket/string -e`.
;;
;; The server never runs model-written code: a program compiles here only if its expansion can
;; run nothing but the installed collections' macros. No macro or phase-1 definition of its own,
;; no reader extension, only collection-path requires (a file path could load another program).

(define lang-line "#lang racket\n")

;; forms that define or run compile-time code, or read other files while expanding
(define compile-time
  '(define-syntax define-syntaxes define-syntax-rule define-for-syntax define-values-for-syntax
    begin-for-syntax let-syntax letrec-syntax let-syntaxes letrec-syntaxes letrec-syntaxes+values
    splicing-let-syntax splicing-letrec-syntax splicing-let-syntaxes splicing-letrec-syntaxes
    define-syntax-parameter syntax-parameterize splicing-syntax-parameterize define-match-expander
    define-syntax-class define-simple-macro define-syntax-parser for-syntax for-meta for-template
    for-label local-require include include-at/relative-to include/reader load eval-when))

(define (module-path? d)
  (or (symbol? d)
      (and (pair? d) (eq? (car d) 'quote) (pair? (cdr d)) (symbol? (cadr d)))))

(define (require-spec-ok? d)
  (cond [(module-path? d) #t]
        [(and (pair? d) (memq (car d) '(only-in except-in prefix-in rename-in combine-in)))
         (and (list? d) (pair? (cdr d))
              (if (eq? (car d) 'combine-in)
                  (andmap require-spec-ok? (cdr d))
                  (require-spec-ok? (if (eq? (car d) 'prefix-in) (caddr d) (cadr d)))))]
        [else #f]))

(define (plain? d)
  (cond [(symbol? d)
         (define s (symbol->string d))
         (not (or (memq d compile-time) (regexp-match? #rx"^#%" s)))]
        [(pair? d)
         (if (and (memq (car d) '(require provide)) (list? d))
             (and (or (eq? (car d) 'provide) (andmap require-spec-ok? (cdr d)))
                  (andmap plain? (cdr d)))
             (and (plain? (car d)) (plain? (cdr d))))]
        [(vector? d) (for/and ([x (in-vector d)]) (plain? x))]
        [(box? d) (plain? (unbox d))]
        [(hash? d) (for/and ([(k v) (in-hash d)]) (and (plain? k) (plain? v)))]
        [(prefab-struct-key d) (plain? (struct->vector d))]
        [else #t]))

;; what the `#lang racket` reader made of the file: (module main racket (#%module-begin body ...))
(define (match-module d)
  (and (list? d) (= (length d) 4) (eq? (car d) 'module) (eq? (caddr d) 'racket)
       (pair? (cadddr d)) (eq? (car (cadddr d)) '#%module-begin)
       (plain? (cdr (cadddr d)))))

(define ns (make-base-namespace))

(define (compile-program dir)
  (define src (build-path dir "main.rkt"))
  (define text (file->string src))
  (cond
    [(not (and (string-prefix? text lang-line)
               (not (regexp-match? #rx"#reader|#lang|#!" (substring text (string-length lang-line))))))
     (values "alone" #f)]
    [else
     (define stx
       (parameterize ([read-accept-reader #t] [read-accept-lang #t])
         (call-with-input-file src (lambda (in) (port-count-lines! in) (read-syntax src in)))))
     (cond
       [(not (match-module (syntax->datum stx))) (values "alone" #f)]
       [else
        (define code (parameterize ([current-namespace ns]) (compile stx)))
        (make-directory* (build-path dir "compiled"))
        (call-with-output-file (build-path dir "compiled" "main_rkt.zo") #:exists 'truncate
          (lambda (out) (write code out)))
        (values "ok" #f)])]))

(define (error-text e)
  (define out (open-output-string))
  (parameterize ([current-error-port out]) ((error-display-handler) (exn-message e) e))
  (get-output-string out))

(define (handle dir)
  (define-values (status log)
    ;; in its directory, as its run is: messages name main.rkt as `racket main.rkt` does
    (parameterize ([current-directory dir] [current-directory-for-user dir])
      (with-handlers ([exn:fail? (lambda (e) (values "error" (error-text e)))])
        (compile-program dir))))
  (when log
    (call-with-output-file (build-path dir "log") #:exists 'truncate (lambda (out) (write-string log out))))
  (call-with-output-file (build-path dir "status") #:exists 'truncate (lambda (out) (write-string status out))))

(let loop ()
  (define line (read-line (current-input-port) 'linefeed))
  (unless (eof-object? line)
    (define parts (regexp-split #rx"\t" line))
    (for-each handle (cdr parts))
    (printf "~a done\n" (car parts))
    (flush-output)
    (loop)))
